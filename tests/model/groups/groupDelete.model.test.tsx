import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { groupDeleteMachine } from '../../../src/areas/groups/machines/groupDelete.machine'
import { groupDeletePaths } from '../../../src/areas/groups/paths/groupDelete.paths'
import { nightShift } from '../../../src/areas/groups/paths/groups.fixtures'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import {
  groupList,
  membersReady,
  openGroups,
  pageReady,
  pick,
  server,
  stubbed,
  type App,
} from './groups.support'

const stubbedDelete = groupDeleteMachine.provide({
  actors: { removeGroup: stubbed('removeGroup', (input: { id: string }) => [input.id]) as never },
})
const { paths } = buildPaths(groupDeletePaths)
const view = viewCoverage(groupDeletePaths)

type Step = { event: EventObject & { error?: unknown; output?: unknown } }

const TITLE = 'Delete Night shift?'
const dialog = () => screen.getByRole('alertdialog', { name: TITLE })
const button = (name: string) => within(dialog()).getByRole('button', { name })

function drive(app: App) {
  return {
    states: {
      idle: async () => {
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      },
      confirming: async () => {
        expect(await screen.findByRole('alertdialog', { name: TITLE })).toHaveTextContent(
          'Its 2 members stay users but leave the group, and roles given for it end. This cannot be undone.',
        )
        expect(button('Delete')).toBeEnabled()
      },
      deleting: async () => {
        await waitFor(() => expect(button('Cancel')).toBeDisabled())
        expect((await server.last('removeGroup')).args).toEqual([nightShift.id])
      },
      failed: async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The server is busy.')
        expect(button('Delete')).toBeEnabled()
      },
    },
    events: {
      'groupDelete.ask': async () => {
        await pick(app, nightShift.name)
        await app.user.click(screen.getByRole('button', { name: 'Delete' }))
      },
      'groupDelete.confirm': async () => {
        await app.user.click(button('Delete'))
      },
      'groupDelete.cancel': async () => {
        await app.user.click(button('Cancel'))
      },
      'xstate.done.actor.removeGroup': async ({ event }: Step) => {
        ;(await server.last('removeGroup')).resolve(event.output)
        await expectNotified('status', 'Night shift was deleted.')
        // The list drops it, and its members go with the selection.
        await waitFor(() =>
          expect(within(groupList()!).queryByRole('button', { name: /^Night shift/ })).toBeNull(),
        )
        expect(screen.queryByRole('heading', { name: nightShift.name })).toBeNull()
      },
      'xstate.error.actor.removeGroup': async ({ event }: Step) => {
        ;(await server.last('removeGroup')).reject(event.error)
        await expectNotified('alert', 'The group was not deleted: The server is busy.')
      },
    },
  }
}

beforeEach(() => server.reset())

describe('group delete statechart, driving the Groups screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(groupDeletePaths.machine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await openGroups([pageReady, stubbedDelete, membersReady()])
      await view.drive(path, drive(app))
    })
  }
})
