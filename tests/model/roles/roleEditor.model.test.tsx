import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { permissionLabel } from '../../../schema/permission-text'
import { Permissions, type Permission } from '../../../schema/permissions'
import type { RoleEditorSnapshot } from '../../../src/areas/roles/machines/roleEditor.machine'
import { rolesScreenMachine } from '../../../src/areas/roles/machines/rolesScreen.machine'
import {
  editRolePaths,
  newRolePaths,
  models,
} from '../../../src/areas/roles/paths/roleEditor.paths'
import { allRoles } from '../../../src/areas/roles/paths/roles.fixtures'
import { buildPaths, coverageOf, type PathsModel } from '../../../src/flows/model'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { editorDialog, roleItems, server, stubbedRoleEditor } from './roles.support'

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }

// The screen reads its roles at once; the editor's save waits until the path settles it.
const answeringRolesScreen = rolesScreenMachine.provide({
  actors: { loadRoles: fromPromise(() => Promise.resolve(allRoles)) },
})

function drive(app: App, isNew: boolean) {
  const dialog = () => editorDialog()!
  const field = (name: 'Name' | 'Description') => within(dialog()).getByRole('textbox', { name })
  const check = (permission: Permission) =>
    within(dialog()).getByRole('checkbox', { name: permissionLabel(permission) })
  const saveButton = () => within(dialog()).getByRole('button', { name: isNew ? 'Create' : 'Save' })
  const expectForm = async (s: RoleEditorSnapshot) => {
    const { fields } = s.context
    await waitFor(() => expect(field('Name')).toHaveValue(fields.name))
    expect(field('Description')).toHaveValue(fields.description)
    for (const permission of Permissions)
      expect(check(permission)).toHaveAttribute(
        'aria-checked',
        String(fields.permissions.includes(permission)),
      )
    if (s.can({ type: 'roleEditor.save' })) await waitFor(() => expect(saveButton()).toBeEnabled())
    else await waitFor(() => expect(saveButton()).toBeDisabled())
  }
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const call = await server.last('saveRole')
    await act(async () => {
      if (how === 'resolve') call.resolve(value)
      else call.reject(value)
      await Promise.resolve()
    })
  }
  const retype = async (name: 'Name' | 'Description', value: string) => {
    await app.user.clear(field(name))
    if (value) await app.user.paste(value)
  }
  return {
    states: {
      editing: async (s: RoleEditorSnapshot) => {
        await expectForm(s)
        expect(dialog()).not.toHaveTextContent(/exists already|do not hold yourself/)
      },
      saving: async (s: RoleEditorSnapshot) => {
        expect((await server.last('saveRole')).args).toEqual([
          s.context.role?.id ?? null,
          s.context.fields,
        ])
        await waitFor(() => expect(saveButton()).toBeDisabled())
      },
      failed: async (s: RoleEditorSnapshot) => {
        await expectForm(s)
        const error = s.context.error!
        // A taken name shows under the Name; a refusal about permissions under the form.
        await waitFor(() => expect(within(dialog()).getByText(error)).toBeVisible())
        const nameBox = field('Name').closest('.rt-Flex')?.parentElement
        if (s.context.errorField === 'name') expect(nameBox).toHaveTextContent(error)
        else expect(nameBox).not.toHaveTextContent(error)
      },
      saved: async (s: RoleEditorSnapshot) => {
        await waitFor(() => expect(editorDialog()).toBeNull())
        await waitFor(() => expect(roleItems()).toContain(s.context.saved!.name))
        await expectNotified(
          'status',
          `${s.context.saved!.name} was ${isNew ? 'created' : 'saved'}`,
        )
      },
      closed: async () => {
        await waitFor(() => expect(editorDialog()).toBeNull())
        expect(roleItems()).toEqual(allRoles.map((role) => role.name))
      },
    },
    events: {
      'roleEditor.edit': ({ event }: Step) => {
        const { field: which, value } = event as unknown as { field: string; value: string }
        return retype(which === 'name' ? 'Name' : 'Description', value)
      },
      'roleEditor.toggle': ({ event }: Step) =>
        app.user.click(check((event as unknown as { permission: Permission }).permission)),
      'roleEditor.save': () => app.user.click(saveButton()),
      'roleEditor.cancel': () =>
        app.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.saveRole': ({ event }: Step) => settle('resolve', event.output),
      'xstate.error.actor.saveRole': ({ event }: Step) => settle('reject', event.error),
    },
  }
}

describe('Role editor statechart, driving New role and Edit role', () => {
  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(
      newRolePaths.machine,
      models.map((model) => ({ input: model.input, paths: buildPaths(model).paths })),
    )
    expect({ missing: coverage.missing, refused: coverage.refused }).toEqual({
      missing: [],
      refused: [],
    })
  })

  const view = viewCoverage(newRolePaths)
  for (const model of [newRolePaths, editRolePaths] as PathsModel[]) {
    const isNew = model === newRolePaths
    for (const path of buildPaths(model).paths) {
      it(`${model.name} ${describePath(path)}`, async () => {
        server.reset()
        const app = renderApp('/roles', { provide: [answeringRolesScreen, stubbedRoleEditor] })
        app.gates.fetchSelf.resolve(selfUser())
        const user = userEvent.setup()
        await user.click(
          await screen.findByRole('button', { name: isNew ? 'New role' : 'Edit Pharmacy desk' }),
        )
        await screen.findByRole('dialog', { name: isNew ? 'New role' : 'Edit role' })
        await view.drive(path, drive({ ...app, user }, isNew), model.input)
      })
    }
  }
})
