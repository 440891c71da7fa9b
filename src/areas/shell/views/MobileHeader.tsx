import type { SelfUser } from '../../../../schema/user'
import { HeaderBar } from './HeaderBar'

/** Phones and tablets: a slim header with the user menu; the tabs live in the bottom bar. */
export function MobileHeader({ user }: { user: SelfUser }) {
  return <HeaderBar compact user={user} />
}
