import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '../../../schema/access'
import { deleteWords } from '../../../src/areas/roles/machines/roles.messages'
import type { RolesScreenSnapshot } from '../../../src/areas/roles/machines/rolesScreen.machine'
import { createdRole } from '../../../src/areas/roles/paths/roles.fixtures'
import { rolesScreenPaths } from '../../../src/areas/roles/paths/rolesScreen.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { selfUser } from '../../setup/fixtures'
import { resetViewport, setViewport } from '../../setup/media'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import {
  answeringRoleEditor,
  deleteDialog,
  editorDialog,
  roleItems,
  saves,
  server,
  stubbedRolesScreen,
} from './roles.support'

const { paths } = buildPaths(rolesScreenPaths)
const view = viewCoverage(rolesScreenPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown; roleId?: string } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }

const shownName = (s: RolesScreenSnapshot) =>
  (s.context.roles.find((role) => role.id === s.context.shown) ?? s.context.roles[0])?.name

function drive(app: App) {
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const call = await server.last(name)
    await act(async () => {
      if (how === 'resolve') call.resolve(value)
      else call.reject(value)
      await Promise.resolve()
    })
  }
  const expectRoles = async (s: RolesScreenSnapshot) => {
    await waitFor(() => expect(roleItems()).toEqual(s.context.roles.map((role) => role.name)))
    // A phone shows one role's permissions: the one picked, or the first.
    expect(
      screen.getByRole('list', { name: `Permissions of ${shownName(s)}`, hidden: true }),
    ).toBeInTheDocument()
  }
  const expectDeleteDialog = async (s: RolesScreenSnapshot, busy: boolean) => {
    const words = deleteWords(s.context.target!)
    const dialog = await screen.findByRole('alertdialog', { name: words.title })
    expect(dialog).toHaveTextContent(words.text)
    const confirm = within(dialog).getByRole('button', { name: 'Delete' })
    await waitFor(() => (busy ? expect(confirm).toBeDisabled() : expect(confirm).toBeEnabled()))
    if (s.hasTag('error')) expect(dialog).toHaveTextContent(s.context.error!)
  }
  const roleButton = (verb: 'Edit' | 'Delete') =>
    screen.getByRole('button', { name: new RegExp(`^${verb} Pharmacy`) })
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading the roles…')).toBeVisible()
        await server.last('loadRoles')
      },
      failed: async (s: RolesScreenSnapshot) => {
        const alert = await screen.findByRole('alert')
        expect(alert).toHaveTextContent(`The roles could not be loaded: ${s.context.readError}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: RolesScreenSnapshot) => {
        await expectRoles(s)
        await waitFor(() => expect(editorDialog()).toBeNull())
        await waitFor(() => expect(deleteDialog()).toBeNull())
      },
      editing: async (s: RolesScreenSnapshot) => {
        const title = s.context.target ? 'Edit role' : 'New role'
        expect(await screen.findByRole('dialog', { name: title })).toBeVisible()
      },
      confirmingDelete: (s: RolesScreenSnapshot) => expectDeleteDialog(s, false),
      deleting: async (s: RolesScreenSnapshot) => {
        expect((await server.last('deleteRole')).args).toEqual([s.context.target!.id])
        await expectDeleteDialog(s, true)
      },
      deleteFailed: (s: RolesScreenSnapshot) => expectDeleteDialog(s, false),
    },
    events: {
      'roles.reload': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'roles.show': async () => {
        await app.user.click(screen.getByRole('combobox', { name: 'Role' }))
        await app.user.click(await screen.findByRole('option', { name: 'Auditor' }))
      },
      'roles.create': () => app.user.click(screen.getByRole('button', { name: 'New role' })),
      'roles.edit': () => app.user.click(roleButton('Edit')),
      'roles.delete': () => app.user.click(roleButton('Delete')),
      'roles.confirm': () =>
        app.user.click(within(deleteDialog()!).getByRole('button', { name: 'Delete' })),
      'roles.cancel': () =>
        app.user.click(within(deleteDialog()!).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.loadRoles': ({ event }: Step) =>
        settle('loadRoles', 'resolve', event.output),
      'xstate.error.actor.loadRoles': ({ event }: Step) =>
        settle('loadRoles', 'reject', event.error),
      'xstate.done.actor.roleEditor': async ({ event }: Step) => {
        const dialog = editorDialog()!
        const saved = event.output as Role | null
        if (!saved) {
          await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
          return
        }
        saves.next = saved
        const name = within(dialog).getByRole('textbox', { name: 'Name' })
        await app.user.clear(name)
        await app.user.paste(saved.name)
        const isNew = saved === createdRole
        await app.user.click(
          within(dialog).getByRole('button', { name: isNew ? 'Create' : 'Save' }),
        )
        await expectNotified('status', `${saved.name} was ${isNew ? 'created' : 'saved'}`)
      },
      'xstate.done.actor.deleteRole': async ({ event }: Step) => {
        await settle('deleteRole', 'resolve', event.output)
        await expectNotified('status', /was deleted$/)
      },
      'xstate.error.actor.deleteRole': async ({ event }: Step) => {
        await settle('deleteRole', 'reject', event.error)
        await expectNotified('alert', /was not deleted: /)
      },
    },
  }
}

describe('Roles statechart, driving the Roles screen on a phone', () => {
  beforeEach(() => setViewport({ width: 390 }))
  afterEach(() => resetViewport())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(rolesScreenPaths.machine, [{ input: undefined, paths }])
    expect({ missing: coverage.missing, refused: coverage.refused }).toEqual({
      missing: [],
      refused: [],
    })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      const app = renderApp('/roles', { provide: [stubbedRolesScreen, answeringRoleEditor] })
      app.gates.fetchSelf.resolve(selfUser())
      await screen.findByRole('heading', { name: 'Roles', level: 1 })
      await view.drive(path, drive({ ...app, user: userEvent.setup() }))
    })
  }
})
