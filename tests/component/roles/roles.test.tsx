import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { ACCESS_MESSAGES, type Role } from '../../../schema/access'
import { Permissions } from '../../../schema/permissions'
import type { SelfUser } from '../../../schema/user'
import { PERMISSION_TEXT } from '../../../schema/permission-text'
import type { SaveRoleInput } from '../../../src/areas/roles/machines/roleEditor.machine'
import { roleEditorMachine } from '../../../src/areas/roles/machines/roleEditor.machine'
import { rolesScreenMachine } from '../../../src/areas/roles/machines/rolesScreen.machine'
import {
  aRole,
  allRoles,
  createdRole,
  pharmacyDesk,
} from '../../../src/areas/roles/paths/roles.fixtures'
import { refusal } from '../../../src/kit/fixtures/service.fixtures'
import { selfUser } from '../../setup/fixtures'
import { resetViewport, setViewport } from '../../setup/media'
import { renderApp } from '../../setup/renderApp'

type Calls = { saved: SaveRoleInput[]; deleted: string[] }

/** The Roles screen reading `roles`; saves answer `save` (a role, or an error to throw). */
function renderRoles(
  roles: Role[],
  { save = createdRole, user = selfUser() }: { save?: Role | Error; user?: SelfUser } = {},
): Calls & { user: ReturnType<typeof userEvent.setup> } {
  const calls: Calls = { saved: [], deleted: [] }
  const screenMachine = rolesScreenMachine.provide({
    actors: {
      loadRoles: fromPromise(() => Promise.resolve(roles)),
      deleteRole: fromPromise(({ input }: { input: { roleId: string } }) => {
        calls.deleted.push(input.roleId)
        return Promise.resolve(roles.find((role) => role.id === input.roleId)!)
      }),
    },
  })
  const editor = roleEditorMachine.provide({
    actors: {
      saveRole: fromPromise(({ input }: { input: SaveRoleInput }) => {
        calls.saved.push(input)
        return save instanceof Error ? Promise.reject(save) : Promise.resolve(save)
      }),
    },
  })
  const app = renderApp('/roles', { provide: [screenMachine, editor] })
  app.gates.fetchSelf.resolve(user)
  return { ...calls, user: userEvent.setup() }
}

afterEach(() => resetViewport())

describe('Roles screen', () => {
  it('lists the roles: built-in ones marked, each with its description and holders', async () => {
    renderRoles(allRoles)
    const list = await screen.findByRole('list', { name: 'Roles' })
    const admin = within(list).getByRole('listitem', { name: 'Administrator' })
    expect(admin).toHaveTextContent('Built-in')
    expect(admin).toHaveTextContent('Everything, including giving roles.')
    expect(admin).toHaveTextContent('1 user')
    expect(within(list).getByRole('listitem', { name: 'Help desk' })).toHaveTextContent('No users')
    const pharmacy = within(list).getByRole('listitem', { name: 'Pharmacy desk' })
    expect(pharmacy).not.toHaveTextContent('Built-in')
    expect(pharmacy).toHaveTextContent('3 users')
    // Built-in roles are read-only, and the screen says why.
    expect(
      screen.getByText('Built-in roles cannot be changed; create a custom role instead.'),
    ).toBeVisible()
    expect(within(admin).queryByRole('button')).toBeNull()
    expect(within(pharmacy).getByRole('button', { name: 'Edit Pharmacy desk' })).toBeEnabled()
    expect(within(pharmacy).getByRole('button', { name: 'Delete Pharmacy desk' })).toBeEnabled()
  })

  it('shows the role × permission matrix with each permission’s description', async () => {
    renderRoles(allRoles)
    const matrix = await screen.findByRole('table', { name: 'Permissions by role' })
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['Permission', ...allRoles.map((role) => role.name)])
    // A row per permission (and one per area), each with what it allows.
    for (const permission of Permissions)
      expect(within(matrix).getByText(PERMISSION_TEXT[permission])).toBeInTheDocument()
    const row = within(matrix).getByRole('row', { name: /View Logs/ })
    // Administrator, Help desk, Auditor, Service owner, Attribute editor, Pharmacy desk.
    expect(
      within(row)
        .getAllByRole('cell')
        // What a screen reader hears; the dash beside 'No' is hidden from it.
        .map((cell) => cell.textContent?.replace('–', '')),
    ).toEqual(['Yes', 'No', 'Yes', 'No', 'No', 'No'])
    expect(within(matrix).getByRole('rowheader', { name: /^Users/ })).toBeInTheDocument()
  })

  it('shows one role at a time on a phone, picked from a list', async () => {
    setViewport({ width: 390 })
    const { user } = renderRoles(allRoles)
    expect(await screen.findByRole('list', { name: 'Permissions of Administrator' })).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
    await user.click(screen.getByRole('combobox', { name: 'Role' }))
    await user.click(await screen.findByRole('option', { name: 'Service owner' }))
    const shown = await screen.findByRole('list', { name: 'Permissions of Service owner' })
    expect(within(shown).getAllByText('Yes')).toHaveLength(2)
  })

  it('offers no changes without roles.write', async () => {
    renderRoles(allRoles, {
      user: selfUser({ permissions: Permissions.filter((p) => p !== 'roles.write') }),
    })
    await screen.findByRole('list', { name: 'Roles' })
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
    expect(screen.queryByText(/Built-in roles cannot be changed/)).toBeNull()
  })

  it('is not shown without roles.read', async () => {
    renderRoles(allRoles, {
      user: selfUser({ permissions: Permissions.filter((p) => !p.startsWith('roles.')) }),
    })
    expect(await screen.findByText('You are not authorized to view this.')).toBeVisible()
  })

  it('creates a role from a name, a description and permissions ticked by area', async () => {
    const calls = renderRoles(allRoles)
    const { user } = calls
    await user.click(await screen.findByRole('button', { name: 'New role' }))
    const dialog = await screen.findByRole('dialog', { name: 'New role' })
    const create = within(dialog).getByRole('button', { name: 'Create' })
    expect(create).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night shift')
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'At night')
    await user.click(within(dialog).getByRole('checkbox', { name: 'View Sessions' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'View Logs' }))
    expect(within(dialog).getByRole('checkbox', { name: 'View Logs' })).toHaveAccessibleDescription(
      PERMISSION_TEXT['logs.read'],
    )
    await user.click(create)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.saved).toEqual([
      {
        role: null,
        fields: {
          name: 'Night shift',
          description: 'At night',
          permissions: ['sessions.read', 'logs.read'],
        },
      },
    ])
    expect(
      within(screen.getByRole('list', { name: 'Roles' })).getByRole('listitem', {
        name: 'Night shift',
      }),
    ).toBeVisible()
  })

  it('keeps Save off until an existing role changes', async () => {
    const { user } = renderRoles(allRoles)
    await user.click(await screen.findByRole('button', { name: 'Edit Pharmacy desk' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit role' })
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Pharmacy desk')
    expect(within(dialog).getByRole('checkbox', { name: 'View Users' })).toBeChecked()
    const save = within(dialog).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }))
    expect(save).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pharmacy desk')
    expect(save).toBeDisabled()
    await user.click(within(dialog).getByRole('checkbox', { name: 'View Logs' }))
    expect(save).toBeEnabled()
  })

  it('shows a taken name beside the Name, and keeps the input', async () => {
    const { user } = renderRoles(allRoles, {
      save: refusal(422, ACCESS_MESSAGES.roleNameTaken),
    })
    await user.click(await screen.findByRole('button', { name: 'New role' }))
    const dialog = await screen.findByRole('dialog', { name: 'New role' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Auditor')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText(ACCESS_MESSAGES.roleNameTaken)).toBeVisible()
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Auditor')
  })

  it('asks before deleting a role in use, saying how many users hold it', async () => {
    const calls = renderRoles(allRoles)
    await calls.user.click(await screen.findByRole('button', { name: 'Delete Pharmacy desk' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Pharmacy desk?' })
    expect(dialog).toHaveTextContent('3 users hold this role. They lose its permissions.')
    await calls.user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.deleted).toEqual([pharmacyDesk.id])
    expect(
      within(screen.getByRole('list', { name: 'Roles' })).queryByRole('listitem', {
        name: 'Pharmacy desk',
      }),
    ).toBeNull()
  })

  it('says when no one holds the role it deletes', async () => {
    const unused = aRole('0190b000-0000-7000-8000-0000000000c9', 'Unused', [])
    const { user } = renderRoles([...allRoles, unused])
    await user.click(await screen.findByRole('button', { name: 'Delete Unused' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Unused?' })
    expect(dialog).toHaveTextContent('No user holds this role.')
  })
})
