import { useSelector } from '@xstate/react'
import { useContext } from 'react'
import { canAccess, type Access } from '../../machines/access'
import type { SessionSnapshot } from '../../session/session.machine'
import { SessionContext } from '../actors/sessionContext'

const selectUser = (snapshot: SessionSnapshot | undefined) => snapshot?.context.user ?? null

/**
 * Whether the signed-in person may see what `access` guards (SPEC.md §6); live with the session.
 * The app always provides the root actor; a view rendered on its own (a view test) has no
 * session to ask, so nothing is hidden there. The server checks every call either way.
 */
export function useAccess(access: Access = {}): boolean {
  const session = useContext(SessionContext)
  const user = useSelector(session ?? undefined, selectUser)
  return session ? canAccess(user, access) : true
}
