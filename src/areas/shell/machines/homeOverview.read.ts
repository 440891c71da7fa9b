import type { LogEvent } from '../../../../schema/logs'
import type { SelfUser } from '../../../../schema/user'
import { logsPage } from '../../../data/api/logs'
import { readAttention } from '../../../data/api/queue'
import { identityDb } from '../../../data/db/identity'
import { canAccess } from '../../../kit/machines/access'

/** Who reads the overview: what they may read decides what is asked. */
export type OverviewReader = Pick<
  SelfUser,
  'id' | 'permissions' | 'type' | 'use2FA' | 'authenticator' | 'passkeys'
>

/**
 * Home's overview. Each figure is null when the person may not read what it counts, and Home then
 * says nothing about it.
 */
export type HomeOverview = {
  /** Accounts with the permanent lock that staff lift (users cache, users.read). */
  locked: number | null
  /** Messages the queue gave up on (INTERNAL staff with queue.read). */
  givenUp: number | null
  /** Setup: a service is registered (services cache, services.read). */
  hasService: boolean | null
  /** Setup: someone else on the staff (INTERNAL) has an account (users cache, users.read). */
  hasOtherStaff: boolean | null
  /** Setup: the person has a second factor of their own (always readable). */
  hasSecondFactor: boolean
  /** The latest audit events of people's doing, newest first (logs.read). */
  activity: LogEvent[] | null
}

/** How many events 'Latest activity' shows. */
export const ACTIVITY_COUNT = 5

/**
 * What people did, not the housekeeping (the purge of expired sessions comes every minute and
 * would fill the list): sign-ins, passwords, users, services and attributes.
 */
export const ACTIVITY_KINDS = 'sign-in,password,users,services,attributes'

const when = <T>(allowed: boolean, read: () => Promise<T>): Promise<T | null> =>
  allowed ? read() : Promise.resolve(null)

/**
 * Reads the overview from the local caches the console already keeps and two reads the person's
 * permissions allow (the queue's attention list, one page of the audit log). Any read that fails
 * fails the whole overview: Home then says so and offers Retry.
 */
export async function readHomeOverview(
  reader: OverviewReader,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HomeOverview> {
  const users = canAccess(reader, { permission: 'users.read' })
  const [locked, hasOtherStaff, hasService, attention, logs] = await Promise.all([
    when(users, () =>
      identityDb()
        .users.filter((user) => user.locked)
        .count(),
    ),
    when(users, async () => {
      const other = await identityDb()
        .users.filter((user) => user.type === 'INTERNAL' && user.id !== reader.id)
        .first()
      return other !== undefined
    }),
    when(canAccess(reader, { permission: 'services.read' }), async () => {
      const service = await identityDb()
        .services.filter((row) => !row.deleted)
        .first()
      return service !== undefined
    }),
    when(canAccess(reader, { type: 'INTERNAL', permission: 'queue.read' }), () =>
      readAttention({ signal }),
    ),
    when(canAccess(reader, { permission: 'logs.read' }), () =>
      logsPage({ kinds: ACTIVITY_KINDS }, null, { signal, limit: ACTIVITY_COUNT }),
    ),
  ])
  return {
    locked,
    givenUp: attention ? attention.givenUp.length : null,
    hasService,
    hasOtherStaff,
    hasSecondFactor: reader.use2FA || reader.authenticator || reader.passkeys > 0,
    activity: logs ? logs.events : null,
  }
}
