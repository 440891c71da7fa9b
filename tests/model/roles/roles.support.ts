import { screen, within } from '@testing-library/react'
import { fromPromise } from 'xstate'
import type { Role } from '../../../schema/access'
import {
  roleEditorMachine,
  type SaveRoleInput,
} from '../../../src/areas/roles/machines/roleEditor.machine'
import { rolesScreenMachine } from '../../../src/areas/roles/machines/rolesScreen.machine'
import { server, stubbed } from '../account/profile.support'

export { server }

/** The Roles screen with its server calls waiting in `server` until the path settles them. */
export const stubbedRolesScreen = rolesScreenMachine.provide({
  actors: {
    loadRoles: stubbed('loadRoles', () => []) as never,
    deleteRole: stubbed('deleteRole', (input: { roleId: string }) => [input.roleId]) as never,
  },
})

/** The editor with its save waiting in `server` (the editor's own model settles it). */
export const stubbedRoleEditor = roleEditorMachine.provide({
  actors: {
    saveRole: stubbed('saveRole', (input: SaveRoleInput) => [
      input.role?.id ?? null,
      input.fields,
    ]) as never,
  },
})

/** The editor answering each save at once with `saves.next` (the screen's model steps past it). */
export const saves = { next: null as Role | null }
export const answeringRoleEditor = roleEditorMachine.provide({
  actors: {
    saveRole: fromPromise(() => Promise.resolve(saves.next!)) as never,
  },
})

export const roleItems = () =>
  within(screen.getByRole('list', { name: 'Roles' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))

export const editorDialog = () => screen.queryByRole('dialog')
export const deleteDialog = () => screen.queryByRole('alertdialog')
