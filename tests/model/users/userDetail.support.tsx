import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise, type AnyActorLogic } from 'xstate'
import type { UserFactor } from '../../../schema/factors'
import type { User } from '../../../schema/user'
import type { TimelineResults } from '../../../schema/users'
import { identityDb } from '../../../src/data/db/identity'
import {
  accessAssignmentsMachine,
  type AccessRead,
} from '../../../src/areas/users/machines/accessAssignments.machine'
import { userAccessMachine } from '../../../src/areas/users/machines/userAccess.machine'
import { userFactorsMachine } from '../../../src/areas/users/machines/userFactors.machine'
import { userStatusMachine } from '../../../src/areas/users/machines/userStatus.machine'
import { userTimelineMachine } from '../../../src/areas/users/machines/userTimeline.machine'
import { UserDetail } from '../../../src/areas/users/views/detail/UserDetail'
import { server, stubbed } from '../account/profile.support'
import { Signed } from '../services/service.support'

/** How many times the quiet Access section read the access (a save, a restart). */
export const accessReads = { count: 0 }

/**
 * An Access section whose read answers at once: no roles, no groups, and the cached user's
 * permissions as their direct grants (as before roles, issue 31), for the tests of the other parts.
 */
export const quietAccess = accessAssignmentsMachine.provide({
  actors: {
    loadAccess: fromPromise<AccessRead, { userId: string }>(async ({ input }) => {
      accessReads.count += 1
      const user = await identityDb().users.get(input.userId)
      const direct = user?.permissions ?? []
      return {
        access: {
          userId: input.userId,
          permissions: direct.map((permission) => ({
            permission,
            groups: null,
            sources: [{ kind: 'direct' as const }],
          })),
          assignments: [],
          groups: [],
          direct,
        },
        roles: [],
        groups: [],
      }
    }),
  },
})

/** The detail's charts with their server calls waiting in `server` (settled by the path's steps). */
export const stubbedUserMachines = (): AnyActorLogic[] => [
  quietAccess,
  userAccessMachine.provide({
    actors: {
      saveAccess: stubbed('saveAccess', (input: { userId: string; access: unknown }) => [
        input.userId,
        input.access,
      ]) as never,
    },
  }),
  userStatusMachine.provide({
    actors: {
      performAction: stubbed('performAction', (input: { userId: string; action: string }) => [
        input.userId,
        input.action,
      ]) as never,
    },
  }),
  userTimelineMachine.provide({
    actors: {
      loadPage: stubbed('loadPage', (input: { userId: string; before: string | null }) => [
        input.userId,
        input.before,
      ]) as never,
    },
  }),
  userFactorsMachine.provide({
    actors: {
      loadFactors: stubbed('loadFactors', (input: { userId: string }) => [input.userId]) as never,
      resetFactors: stubbed('resetFactors', (input: { userId: string }) => [input.userId]) as never,
    },
  }),
]

/** Second factors that answer at once with none, for the tests of the other sections. */
export const quietFactors = userFactorsMachine.provide({
  actors: {
    loadFactors: fromPromise<UserFactor[]>(() => Promise.resolve([])) as never,
  },
})

/** A timeline that answers at once with nothing, for the tests of the other sections. */
export const quietTimeline = userTimelineMachine.provide({
  actors: {
    loadPage: fromPromise<TimelineResults>(() =>
      Promise.resolve({ events: [], cursor: null }),
    ) as never,
  },
})

/** Puts `user` in the identity cache and shows their detail, as /users/{id} does. */
export async function renderUser(
  user: User,
  { provide = stubbedUserMachines() }: { provide?: readonly AnyActorLogic[] } = {},
) {
  server.reset()
  await identityDb().users.clear()
  await identityDb().users.put(user)
  const view = render(
    <Signed provide={provide}>
      <UserDetail id={user.id} />
    </Signed>,
  )
  await screen.findByRole('heading', { name: `${user.nameFirst} ${user.nameLast}`, level: 2 })
  return { ...view, user: userEvent.setup() }
}
