import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise, type AnyActorLogic, type AnyActorRef } from 'xstate'
import type { Group, GroupMember, MembersChangeResults } from '../../../schema/access'
import { groupsPageMachine } from '../../../src/areas/groups/machines/groupsPage.machine'
import { groupMembersMachine } from '../../../src/areas/groups/machines/groupMembers.machine'
import { groups } from '../../../src/areas/groups/paths/groups.fixtures'
import type { TimelinePage } from '../../../src/kit/machines/pagedTimeline'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'

export { server, stubbed } from '../account/profile.support'

/** The Groups page with its groups read at once (Night shift, Pharmacy staff). */
export const pageReady = groupsPageMachine.provide({
  actors: { loadGroups: fromPromise<Group[]>(() => Promise.resolve(groups)) },
})

/** Members read at once: none, unless given. */
export const membersReady = (members: GroupMember[] = []) =>
  groupMembersMachine.provide({
    actors: {
      loadPage: fromPromise<TimelinePage<GroupMember>, { groupId: string; after: string | null }>(
        () => Promise.resolve({ events: members, cursor: null }),
      ),
      removeMember: fromPromise<MembersChangeResults, { groupId: string; id: string }>(
        () => new Promise(() => {}),
      ),
    },
  })

export type App = Awaited<ReturnType<typeof renderSignedIn>>

/** Opens /groups signed in as the administrator (every permission), with these machines. */
export async function openGroups(provide: readonly AnyActorLogic[], permissions?: string[]) {
  const user = permissions
    ? selfUser({ permissions: permissions as ReturnType<typeof selfUser>['permissions'] })
    : selfUser()
  const app = await renderSignedIn(user, '/groups', { provide })
  await screen.findByRole('heading', { name: 'Groups', level: 1 })
  return app
}

export const groupList = () => screen.queryByRole('list', { name: 'Groups' })
export const groupButton = (name: string) =>
  within(screen.getByRole('list', { name: 'Groups' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  })

/** Waits for the list, then picks a group. */
export async function pick(app: App, name: string) {
  await waitFor(() => expect(groupList()).not.toBeNull())
  await app.user.click(groupButton(name))
  await screen.findByRole('heading', { name, level: 2 })
}

/** The Groups page actor, for what its children tell it (a save, a delete). */
export function pageActor(app: App): AnyActorRef {
  const children = app.session.getSnapshot().children as Record<string, AnyActorRef>
  const page = Object.entries(children).find(([id]) => id.startsWith('groupsPage'))?.[1]
  if (!page) throw new Error('The Groups page is not open.')
  return page
}
