import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onTestFinished } from 'vitest'
import type { AnyActorLogic } from 'xstate'
import type { Permission } from '../../../schema/permissions'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { accessAssignmentsMachine } from '../../../src/areas/users/machines/accessAssignments.machine'
import { explainMachine } from '../../../src/areas/users/machines/explain.machine'
import { userAccessMachine } from '../../../src/areas/users/machines/userAccess.machine'
import { UserDetail } from '../../../src/areas/users/views/detail/UserDetail'
import { Theme } from '@radix-ui/themes'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { selfUser } from '../../setup/fixtures'
import { testSession, WithSession } from '../../setup/session'
import { server, stubbed } from '../account/profile.support'
import { quietFactors, quietTimeline } from './userDetail.support'

/** The Access section's and the explain box's server calls, waiting in `server`. */
export const stubbedAccessMachines = (): AnyActorLogic[] => [
  accessAssignmentsMachine.provide({
    actors: {
      loadAccess: stubbed('loadAccess', (input: { userId: string }) => [input.userId]) as never,
      saveRoles: stubbed('saveRoles', (input: { userId: string; assignments: unknown }) => [
        input.userId,
        input.assignments,
      ]) as never,
      saveGroups: stubbed('saveGroups', (input: { userId: string; groups: unknown }) => [
        input.userId,
        input.groups,
      ]) as never,
    },
  }),
  userAccessMachine.provide({
    actors: {
      saveAccess: stubbed('saveAccess', (input: { userId: string; access: unknown }) => [
        input.userId,
        input.access,
      ]) as never,
    },
  }),
  explainMachine.provide({
    actors: {
      findTargets: stubbed('findTargets', (input: { kind: string; text: string }) => [
        input.kind,
        input.text,
      ]) as never,
      askServer: stubbed('askServer', (input: unknown) => [input]) as never,
    },
  }),
  quietFactors,
  quietTimeline,
]

/** Shows `user`'s detail to someone holding `held` (the ceiling of what they may grant). */
export async function renderAccess(user: User, held: readonly Permission[]) {
  server.reset()
  await identityDb().users.clear()
  await identityDb().users.put(user)
  const session = testSession(selfUser({ permissions: [...held] }))
  onTestFinished(() => session.stop())
  const view = render(
    <WithSession session={session} provide={stubbedAccessMachines()}>
      <Theme>
        <NotifyProvider>
          <UserDetail id={user.id} />
        </NotifyProvider>
      </Theme>
    </WithSession>,
  )
  await screen.findByRole('heading', { name: `${user.nameFirst} ${user.nameLast}`, level: 2 })
  return { ...view, user: userEvent.setup() }
}

export const accessRegion = () => screen.getByRole('region', { name: 'Access' })
export const part = (name: string) => within(accessRegion()).getByRole('region', { name })

/** Opens a select named `label` inside `scope` and picks the option `option`. */
export async function pick(
  person: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: string,
  option: string,
) {
  await person.click(within(scope).getByRole('combobox', { name: label }))
  await person.click(await screen.findByRole('option', { name: option }))
}
