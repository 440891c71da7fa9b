import { useSelector } from '@xstate/react'
import { useContext } from 'react'
import { Permissions, type Permission } from '../../../../../../schema/permissions'
import { SessionContext } from '../../../../../kit/views/actors/sessionContext'
import type { SessionSnapshot } from '../../../../../kit/session/session.machine'

const selectHeld = (s: SessionSnapshot | undefined) => s?.context.user?.permissions ?? null

/**
 * The signed-in person's permissions: the ceiling of what they may grant (the server checks it
 * again); null until the session knows who it is. A view rendered on its own (a view test) has
 * no session to ask, so nothing is held back there, as with `useAccess`.
 */
export function useHeldPermissions(): readonly Permission[] | null {
  const session = useContext(SessionContext)
  const held = useSelector(session ?? undefined, selectHeld)
  return session ? held : Permissions
}
