import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AnyActorRef, EventObject } from 'xstate'
import type { Group } from '../../../schema/access'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  groupMembersMachine,
  type GroupMembersSnapshot,
} from '../../../src/areas/groups/machines/groupMembers.machine'
import { groupMembersPaths } from '../../../src/areas/groups/paths/groupMembers.paths'
import { nightShift } from '../../../src/areas/groups/paths/groups.fixtures'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import {
  groupButton,
  openGroups,
  pageActor,
  pageReady,
  pick,
  server,
  stubbed,
  type App,
} from './groups.support'

const stubbedMembers = groupMembersMachine.provide({
  actors: {
    loadPage: stubbed('loadPage', (input: { after: string | null }) => [input.after]) as never,
    removeMember: stubbed('removeMember', (input: { id: string }) => [input.id]) as never,
  },
})
const { paths } = buildPaths(groupMembersPaths)
const view = viewCoverage(groupMembersPaths)

type Step = { event: EventObject & { output?: unknown; error?: unknown; group?: Group } }

const memberList = () => screen.queryByRole('list', { name: `Members of ${nightShift.name}` })
const names = () =>
  within(memberList()!)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.rt-Text')?.textContent)

/** The page's calls for the first page (after: null) and the next. */
const lastLoad = () => server.last('loadPage')

function drive(app: App) {
  const expectMembers = async (s: GroupMembersSnapshot) => {
    const shown = s.context.events.map((m) => `${m.nameFirst} ${m.nameLast}`)
    if (shown.length === 0) expect(memberList()).toBeNull()
    else await waitFor(() => expect(names()).toEqual(shown))
  }
  return {
    states: {
      loading: async () => {
        // The first page, or the first page again after a change.
        await waitFor(async () => expect((await lastLoad()).args).toEqual([null]))
      },
      failed: async () => {
        expect(await screen.findByText(/The members could not be loaded/)).toBeVisible()
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: GroupMembersSnapshot) => {
        await expectMembers(s)
        if (s.context.events.length > 0)
          expect(screen.getAllByRole('button', { name: /^Remove / })[0]).toBeEnabled()
        if (s.context.cursor)
          expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled()
        else expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
      },
      loadingMore: async (s: GroupMembersSnapshot) => {
        await expectMembers(s)
        await waitFor(async () => expect((await lastLoad()).args).toEqual([s.context.cursor]))
      },
      moreFailed: async (s: GroupMembersSnapshot) => {
        await expectMembers(s)
        expect(await screen.findByText(/More members could not be loaded/)).toBeVisible()
        expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled()
      },
      removing: async () => {
        expect((await server.last('removeMember')).args).toEqual([
          '0192f0c4-1111-7000-a000-000000000001',
        ])
        expect(screen.getByRole('button', { name: 'Remove Ada Lovelace' })).toBeDisabled()
      },
    },
    events: {
      'members.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Retry' }))
      },
      'members.loadMore': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Load more' }))
      },
      'members.remove': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }))
      },
      // What 'Add members' tells the members (its own test drives it).
      'members.changed': async ({ event }: Step) => {
        const snapshot: unknown = pageActor(app).getSnapshot()
        const { members } = (snapshot as { context: { members: AnyActorRef } }).context
        members.send({ type: 'members.changed', group: event.group })
        await waitFor(() => expect(groupButton(nightShift.name)).toHaveTextContent('4 members'))
      },
      'xstate.done.actor.loadPage': async ({ event }: Step) => {
        ;(await lastLoad()).resolve(event.output)
      },
      'xstate.error.actor.loadPage': async ({ event }: Step) => {
        ;(await lastLoad()).reject(event.error)
      },
      'xstate.done.actor.loadMore': async ({ event }: Step) => {
        ;(await lastLoad()).resolve(event.output)
      },
      'xstate.error.actor.loadMore': async ({ event }: Step) => {
        ;(await lastLoad()).reject(event.error)
      },
      'xstate.done.actor.removeMember': async ({ event }: Step) => {
        ;(await server.last('removeMember')).resolve(event.output)
        await expectNotified('status', 'Removed Grace Hopper from Night shift.')
      },
      'xstate.error.actor.removeMember': async ({ event }: Step) => {
        ;(await server.last('removeMember')).reject(event.error)
        await expectNotified(
          'alert',
          'Grace Hopper was not removed: Grace Hopper is outside your groups.',
        )
      },
    },
  }
}

beforeEach(() => server.reset())

describe('group members statechart, driving the Groups screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(groupMembersPaths.machine, [{ input: groupMembersPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await openGroups([pageReady, stubbedMembers])
      await pick(app, nightShift.name)
      await view.drive(path, drive(app))
    })
  }
})
