import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import type { Group } from '../../../schema/access'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  groupsPageMachine,
  type GroupsPageSnapshot,
} from '../../../src/areas/groups/machines/groupsPage.machine'
import { matchingGroups } from '../../../src/areas/groups/machines/groups.selectors'
import { groupsPagePaths } from '../../../src/areas/groups/paths/groupsPage.paths'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import {
  groupList,
  membersReady,
  openGroups,
  pageActor,
  server,
  stubbed,
  type App,
} from './groups.support'

const stubbedPage = groupsPageMachine.provide({
  actors: { loadGroups: stubbed('loadGroups', () => []) as never },
})
const { paths } = buildPaths(groupsPagePaths)
const view = viewCoverage(groupsPagePaths)

type Step = {
  event: EventObject & {
    output?: unknown
    error?: unknown
    text?: string
    id?: string
    group?: Group
  }
}

const listedNames = () =>
  within(groupList()!)
    .getAllByRole('button')
    .map((b) => b.querySelector('.rt-Text')?.textContent)

function drive(app: App) {
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading groups…')).toBeVisible()
      },
      failed: async (s: GroupsPageSnapshot) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          `The groups could not be loaded: ${s.context.error}`,
        )
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: GroupsPageSnapshot) => {
        await waitFor(() => expect(screen.queryByText('Loading groups…')).toBeNull())
        const shown = matchingGroups(s.context.groups, s.context.text).map((g) => g.name)
        if (s.context.groups.length === 0) {
          expect(screen.getByText(/No groups yet\./)).toBeVisible()
        } else if (shown.length === 0) {
          expect(screen.getByText(/No groups match/)).toBeVisible()
        } else {
          await waitFor(() => expect(listedNames()).toEqual(shown))
        }
        const selected = s.context.groups.find((g) => g.id === s.context.selectedId)
        if (selected) {
          expect(
            await screen.findByRole('heading', { name: selected.name, level: 2 }),
          ).toBeVisible()
        } else {
          expect(screen.getByText('Choose a group to see its members.')).toBeVisible()
        }
      },
    },
    events: {
      'groups.retry': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Retry' }))
      },
      'groups.search': async ({ event }: Step) => {
        await app.user.type(
          screen.getByRole('searchbox', { name: 'Search groups' }),
          event.text ?? '',
        )
      },
      'groups.select': async () => {
        await app.user.click(within(groupList()!).getByRole('button', { name: /^Pharmacy staff/ }))
      },
      // What the form and the delete confirmation tell the page (their own tests drive them).
      'groups.saved': ({ event }: Step) => {
        pageActor(app).send({ type: 'groups.saved', group: event.group })
      },
      'groups.removed': ({ event }: Step) => {
        pageActor(app).send({ type: 'groups.removed', id: event.id })
      },
      'xstate.done.actor.loadGroups': async ({ event }: Step) => {
        ;(await server.last('loadGroups')).resolve(event.output)
      },
      'xstate.error.actor.loadGroups': async ({ event }: Step) => {
        ;(await server.last('loadGroups')).reject(event.error)
      },
    },
  }
}

beforeEach(() => server.reset())

describe('Groups page statechart, driving the Groups screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(groupsPagePaths.machine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await openGroups([stubbedPage, membersReady()])
      await view.drive(path, drive(app))
    })
  }
})
