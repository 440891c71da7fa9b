import { useSelector } from '@xstate/react'
import { useContext } from 'react'
import { canAccess, type Access } from '../../machines/access'
import type { StartupSnapshot } from '../../machines/startup.machine'
import { StartupContext } from '../app/startupContext'

const selectUser = (snapshot: StartupSnapshot | undefined) => snapshot?.context.user ?? null

/**
 * Whether the signed-in person may see what `access` guards (SPEC.md §6); live with the session.
 * The app always provides the root actor; a view rendered on its own (a view test) has no
 * session to ask, so nothing is hidden there. The server checks every call either way.
 */
export function useAccess(access: Access = {}): boolean {
  const startup = useContext(StartupContext)
  const user = useSelector(startup ?? undefined, selectUser)
  return startup ? canAccess(user, access) : true
}
