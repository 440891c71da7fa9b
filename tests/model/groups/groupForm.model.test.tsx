import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  groupFormMachine,
  type GroupFormSnapshot,
} from '../../../src/areas/groups/machines/groupForm.machine'
import { groupFormPaths } from '../../../src/areas/groups/paths/groupForm.paths'
import { nightShift } from '../../../src/areas/groups/paths/groups.fixtures'
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

const stubbedForm = groupFormMachine.provide({
  actors: {
    saveGroup: stubbed('saveGroup', (input: unknown) => [input]) as never,
  },
})
const { paths } = buildPaths(groupFormPaths)
const view = viewCoverage(groupFormPaths)

type Step = {
  event: EventObject & { output?: { name: string }; error?: unknown; value?: string }
}

const dialog = () => screen.getByRole('dialog')
const button = (name: string) => within(dialog()).getByRole('button', { name })
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Name' })

function drive(app: App) {
  return {
    states: {
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      },
      editing: async (s: GroupFormSnapshot) => {
        const title = s.context.group ? 'Edit group' : 'New group'
        expect(await screen.findByRole('dialog', { name: title })).toBeVisible()
        expect(nameField()).toHaveValue(s.context.fields.name)
        const save = button(s.context.group ? 'Save' : 'Create')
        if (s.context.fields.name.trim()) expect(save).toBeEnabled()
        else expect(save).toBeDisabled()
      },
      saving: async (s: GroupFormSnapshot) => {
        await waitFor(() => expect(button('Cancel')).toBeDisabled())
        expect((await server.last('saveGroup')).args[0]).toMatchObject({
          group: s.context.group,
          fields: s.context.fields,
        })
      },
      failed: async (s: GroupFormSnapshot) => {
        expect(await within(dialog()).findByText(s.context.error ?? '')).toBeVisible()
        expect(nameField()).toHaveValue(s.context.fields.name)
      },
    },
    events: {
      'groupForm.new': async () => {
        await waitFor(() => expect(screen.queryByText('Loading groups…')).toBeNull())
        await app.user.click(screen.getByRole('button', { name: 'New group' }))
      },
      'groupForm.change': async () => {
        await pick(app, nightShift.name)
        await app.user.click(screen.getByRole('button', { name: 'Edit' }))
      },
      'groupForm.edit': async ({ event }: Step) => {
        await app.user.clear(nameField())
        await app.user.type(nameField(), event.value ?? '')
      },
      'groupForm.save': async () => {
        const save = within(dialog()).queryByRole('button', { name: 'Create' }) ?? button('Save')
        await app.user.click(save)
      },
      'groupForm.cancel': async () => {
        await app.user.click(button('Cancel'))
      },
      'xstate.done.actor.saveGroup': async ({ event }: Step) => {
        const editing = screen.getByRole('dialog').textContent?.includes('Edit group')
        ;(await server.last('saveGroup')).resolve(event.output)
        const name = event.output?.name ?? ''
        await expectNotified('status', `${name} was ${editing ? 'saved' : 'created'}.`)
        // The page lists it.
        await waitFor(() => expect(groupButton(name)).toBeVisible())
      },
      'xstate.error.actor.saveGroup': async ({ event }: Step) => {
        ;(await server.last('saveGroup')).reject(event.error)
        await expectNotified('alert', /^The group was not (created|saved): /)
      },
    },
  }
}

beforeEach(() => server.reset())

describe('group form statechart, driving the Groups screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(groupFormPaths.machine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  it('offers no New group without roles.write', async () => {
    await openGroups([pageReady], ['roles.read', 'users.read'])
    await screen.findByRole('list', { name: 'Groups' })
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull()
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await openGroups([pageReady, stubbedForm, membersReady()])
      await view.drive(path, drive(app))
    })
  }
})
