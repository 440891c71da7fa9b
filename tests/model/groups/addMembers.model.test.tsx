import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  addMembersMachine,
  type AddMembersSnapshot,
} from '../../../src/areas/groups/machines/addMembers.machine'
import { addMembersPaths, adaMatch } from '../../../src/areas/groups/paths/addMembers.paths'
import { pharmacy } from '../../../src/areas/groups/paths/groups.fixtures'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import {
  groupButton,
  membersReady,
  openGroups,
  pageReady,
  pick,
  server,
  stubbed,
  type App,
} from './groups.support'

const stubbedAdder = addMembersMachine.provide({
  actors: {
    searchUsers: stubbed('searchUsers', (input: { text: string }) => [input.text]) as never,
    addChosen: stubbed('addChosen', (input: { groupId: string; ids: string[] }) => [
      input.groupId,
      input.ids,
    ]) as never,
  },
})
const { paths } = buildPaths(addMembersPaths)
const view = viewCoverage(addMembersPaths)

type Step = { event: EventObject & { output?: unknown; error?: unknown; text?: string } }

const TITLE = `Add members to ${pharmacy.name}`
const dialog = () => screen.getByRole('dialog', { name: TITLE })
const button = (name: string) => within(dialog()).getByRole('button', { name })
const box = () => within(dialog()).getByRole('searchbox', { name: 'Search users' })

const searches = () => server.calls.filter((call) => call.name === 'searchUsers').length

function drive(app: App) {
  // How many searches had started when the box last changed: the pause then starts one more.
  let before = 0
  const expectPicked = (s: AddMembersSnapshot) => {
    if (s.context.chosen.length > 0) {
      expect(within(dialog()).getByRole('checkbox', { name: /Ada Lovelace/ })).toBeChecked()
      expect(dialog()).toHaveTextContent('1 user to add.')
    } else expect(dialog()).toHaveTextContent('Nobody ticked yet.')
  }
  return {
    states: {
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      },
      'open.empty': async (s: AddMembersSnapshot) => {
        expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible()
        expect(box()).toHaveValue('')
        expectPicked(s)
        expect(button('Add')).toHaveProperty('disabled', s.context.chosen.length === 0)
      },
      'open.waiting': () => {
        expect(box()).toHaveValue('a')
      },
      'open.searching': async () => {
        expect((await server.last('searchUsers')).args).toEqual(['a'])
        expect(within(dialog()).getByLabelText('Searching')).toBeVisible()
      },
      'open.found': async (s: AddMembersSnapshot) => {
        expect(await within(dialog()).findByRole('checkbox', { name: /Alan Turing/ })).toBeVisible()
        expect(dialog()).toHaveTextContent('1 more: keep typing to narrow.')
        expectPicked(s)
      },
      'open.searchFailed': async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent('an error occurred')
      },
      adding: async () => {
        await waitFor(() => expect(button('Cancel')).toBeDisabled())
        expect((await server.last('addChosen')).args).toEqual([pharmacy.id, [adaMatch.id]])
      },
      failed: async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The server is busy.')
        expect(button('Add')).toBeEnabled()
      },
    },
    events: {
      'addMembers.open': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Add members' }))
      },
      'addMembers.type': async ({ event }: Step) => {
        // One change to exactly the step's text.
        before = searches()
        fireEvent.change(box(), { target: { value: event.text ?? '' } })
        await waitFor(() => expect(box()).toHaveValue(event.text ?? ''))
      },
      'addMembers.toggle': async () => {
        await app.user.click(within(dialog()).getByRole('checkbox', { name: /Ada Lovelace/ }))
      },
      'addMembers.add': async () => {
        await app.user.click(button('Add'))
      },
      'addMembers.cancel': async () => {
        await app.user.click(button('Cancel'))
      },
      // The pause after typing: the search starts on its own.
      'xstate.after.searchDebounce.addMembers.open.waiting': async () => {
        await waitFor(() => expect(searches()).toBe(before + 1))
      },
      'xstate.done.actor.searchUsers': async ({ event }: Step) => {
        ;(await server.last('searchUsers')).resolve(event.output)
      },
      'xstate.error.actor.searchUsers': async ({ event }: Step) => {
        ;(await server.last('searchUsers')).reject(event.error)
      },
      'xstate.done.actor.addChosen': async ({ event }: Step) => {
        ;(await server.last('addChosen')).resolve(event.output)
        await expectNotified('status', 'Added 1 user to Pharmacy staff.')
        // The group's count on the list follows.
        await waitFor(() => expect(groupButton(pharmacy.name)).toHaveTextContent('1 member'))
      },
      'xstate.error.actor.addChosen': async ({ event }: Step) => {
        ;(await server.last('addChosen')).reject(event.error)
        await expectNotified('alert', 'No members were added: The server is busy.')
      },
    },
  }
}

beforeEach(() => server.reset())

describe('add members statechart, driving the Groups screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(addMembersPaths.machine, [{ input: addMembersPaths.input, paths }]).refused,
    ).toEqual([])
  })

  it('offers no Add members without users.access', async () => {
    const app = await openGroups([pageReady, membersReady()], ['roles.read', 'users.read'])
    await pick(app, pharmacy.name)
    expect(screen.queryByRole('button', { name: 'Add members' })).toBeNull()
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await openGroups([pageReady, membersReady(), stubbedAdder])
      await pick(app, pharmacy.name)
      await view.drive(path, drive(app))
    })
  }
})
