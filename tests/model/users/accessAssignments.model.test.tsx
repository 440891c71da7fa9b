import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Permissions } from '../../../schema/permissions'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  accessAssignmentsPaths,
  input,
} from '../../../src/areas/users/paths/accessAssignments.paths'
import {
  accessUser as shown,
  administrator,
  auditor,
  firstRead,
  held,
  helpDesk,
  nurses,
  pharmacy,
  serviceOwner,
} from '../../../src/areas/users/paths/access.fixtures'
import { savedUserOf } from '../../../src/areas/users/paths/userDetail.fixtures'
import type { AccessAssignmentsSnapshot } from '../../../src/areas/users/machines/accessAssignments.machine'
import {
  assignmentText,
  sourceText,
} from '../../../src/areas/users/machines/accessAssignments.messages'
import { permissionLabel } from '../../../src/areas/users/views/permissionText'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { accessRegion, part, pick, renderAccess } from './access.support'

const { paths } = buildPaths(accessAssignmentsPaths)
const view = viewCoverage(accessAssignmentsPaths)
const name = `${shown.nameFirst} ${shown.nameLast}`

type Step = { event: { type: string; output?: unknown; error?: unknown; roleId?: string } }
type App = Awaited<ReturnType<typeof renderAccess>>

const roleNames = { [helpDesk.id]: helpDesk.name, [serviceOwner.id]: serviceOwner.name }
const rowTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent)

const button = (region: string, label: string) =>
  within(part(region)).getByRole('button', { name: label })

function drive(app: App) {
  const expectLists = async (s: AccessAssignmentsSnapshot) => {
    const read = s.context.read!
    const roles = await within(part('Roles')).findByRole('list', { name: 'Roles' })
    expect(rowTexts(roles)).toEqual(read.access.assignments.map(assignmentText))
    const groups = within(part('Groups')).getByRole('list', { name: 'Groups' })
    expect(rowTexts(groups)).toEqual(read.access.groups.map((g) => g.name))
    const effective = within(part('Effective permissions')).getByRole('list', {
      name: 'Effective permissions',
    })
    const ordered = [...read.access.permissions].sort(
      (a, b) => Permissions.indexOf(a.permission) - Permissions.indexOf(b.permission),
    )
    expect(
      within(effective)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      ordered.map(
        (p) =>
          `${permissionLabel(p.permission)} ${p.permission}${p.sources.map(sourceText).join(' · ')}`,
      ),
    )
    // The direct grants are the exceptions' boxes.
    const direct = within(accessRegion()).getByRole('group', {
      name: 'Direct permissions (exceptions)',
    })
    for (const permission of Permissions) {
      const box = within(direct).getByRole('checkbox', { name: permissionLabel(permission) })
      if (read.access.direct.includes(permission)) expect(box).toBeChecked()
      else expect(box).not.toBeChecked()
    }
  }
  const expectButtons = async (s: AccessAssignmentsSnapshot) => {
    const add = button('Roles', 'Add role')
    const addGroup = button('Groups', 'Add to group')
    const remove = button('Roles', `Remove ${auditor.name}`)
    if (s.hasTag('busy')) {
      await waitFor(() => expect(remove).toBeDisabled())
      expect(add).toBeDisabled()
      expect(addGroup).toBeDisabled()
      return
    }
    await waitFor(() => expect(remove).toBeEnabled())
    if (s.can({ type: 'roles.add' })) expect(add).toBeEnabled()
    else expect(add).toBeDisabled()
    if (s.can({ type: 'groups.add' })) expect(addGroup).toBeEnabled()
    else expect(addGroup).toBeDisabled()
  }
  const expectPicks = (s: AccessAssignmentsSnapshot) => {
    const role = within(part('Roles')).getByRole('combobox', { name: 'Role' })
    expect(role).toHaveTextContent(s.context.role ? roleNames[s.context.role]! : 'Choose a role')
    const scope = within(part('Roles')).getByRole('combobox', { name: 'Scope' })
    expect(scope).toHaveTextContent(s.context.scope ? `For group ${pharmacy.name}` : 'Everywhere')
    const group = within(part('Groups')).getByRole('combobox', { name: 'Group' })
    expect(group).toHaveTextContent(s.context.group ? nurses.name : 'Choose a group')
  }
  const expectReady = async (s: AccessAssignmentsSnapshot) => {
    await expectLists(s)
    await expectButtons(s)
    expectPicks(s)
    const alert = within(accessRegion()).queryByRole('alert')
    if (s.hasTag('error')) expect(alert).toHaveTextContent(s.context.error ?? '—')
    else expect(alert).toBeNull()
  }
  return {
    states: {
      loading: async (s: AccessAssignmentsSnapshot) => {
        if (s.context.read === null)
          expect(await within(accessRegion()).findByText('Loading access…')).toBeVisible()
        else await expectButtons(s)
        expect((await server.last('loadAccess')).args).toEqual([shown.id])
      },
      failed: async (s: AccessAssignmentsSnapshot) => {
        const alert = await within(accessRegion()).findByRole('alert')
        expect(alert).toHaveTextContent(`The access could not be read: ${s.context.error ?? '—'}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      'ready.quiet': expectReady,
      'ready.refused': expectReady,
      savingRoles: async (s: AccessAssignmentsSnapshot) => {
        await expectButtons(s)
        expect((await server.last('saveRoles')).args).toEqual([shown.id, s.context.nextRoles])
      },
      savingGroups: async (s: AccessAssignmentsSnapshot) => {
        await expectButtons(s)
        expect((await server.last('saveGroups')).args).toEqual([shown.id, s.context.nextGroups])
      },
    },
    events: {
      'access.retry': () =>
        app.user.click(within(accessRegion()).getByRole('button', { name: 'Retry' })),
      // The direct grants saved: a box ticked, Save access, the server's yes.
      'access.changed': async () => {
        const direct = within(accessRegion()).getByRole('group', {
          name: 'Direct permissions (exceptions)',
        })
        await app.user.click(
          within(direct).getByRole('checkbox', { name: permissionLabel('dashboard.read') }),
        )
        await app.user.click(within(accessRegion()).getByRole('button', { name: 'Save access' }))
        const call = await server.last('saveAccess')
        expect(call.args).toEqual([
          shown.id,
          { type: shown.type, permissions: ['sessions.read', 'dashboard.read'] },
        ])
        call.resolve(savedUserOf(shown, { permissions: [...shown.permissions, 'dashboard.read'] }))
        await expectNotified('status', `The access of ${name} was saved`)
      },
      'roles.picked': ({ event }: Step) =>
        pick(app.user, part('Roles'), 'Role', roleNames[event.roleId!]!),
      'roles.scoped': () => pick(app.user, part('Roles'), 'Scope', `For group ${pharmacy.name}`),
      'roles.add': () => app.user.click(button('Roles', 'Add role')),
      'roles.remove': () => app.user.click(button('Roles', `Remove ${auditor.name}`)),
      'groups.picked': () => pick(app.user, part('Groups'), 'Group', nurses.name),
      'groups.add': () => app.user.click(button('Groups', 'Add to group')),
      'groups.remove': () => app.user.click(button('Groups', `Remove from group ${pharmacy.name}`)),
      'xstate.done.actor.loadAccess': async ({ event }: Step) =>
        (await server.last('loadAccess')).resolve(event.output),
      'xstate.error.actor.loadAccess': async ({ event }: Step) =>
        (await server.last('loadAccess')).reject(event.error),
      'xstate.done.actor.saveRoles': async ({ event }: Step) => {
        ;(await server.last('saveRoles')).resolve(event.output)
        await expectNotified('status', `The roles of ${name} were saved`)
      },
      'xstate.error.actor.saveRoles': async ({ event }: Step) => {
        ;(await server.last('saveRoles')).reject(event.error)
        await expectNotified('alert', new RegExp(`^The roles of ${name} were not saved: You`))
      },
      'xstate.done.actor.saveGroups': async ({ event }: Step) => {
        ;(await server.last('saveGroups')).resolve(event.output)
        await expectNotified('status', `The groups of ${name} were saved`)
      },
      'xstate.error.actor.saveGroups': async ({ event }: Step) => {
        ;(await server.last('saveGroups')).reject(event.error)
        await expectNotified('alert', new RegExp(`^The groups of ${name} were not saved: There`))
      },
    },
  }
}

describe("the user's roles and groups, driving the Access section", () => {
  it('takes only steps the production machine takes, and every transition', () => {
    const model = accessAssignmentsPaths
    const coverage = coverageOf(model.machine, [{ input: model.input, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  it('offers only the roles the signed-in person holds every permission of', async () => {
    const app = await renderAccess(shown, input.held)
    ;(await server.last('loadAccess')).resolve(firstRead)
    const roles = await within(accessRegion()).findByRole('region', { name: 'Roles' })
    await app.user.click(within(roles).getByRole('combobox', { name: 'Role' }))
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent)
    expect(options).toEqual([helpDesk.name, auditor.name, serviceOwner.name])
    expect(options).not.toContain(administrator.name)
    expect(held).not.toContain('flows.read')
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderAccess(shown, input.held)
      await view.drive(path, drive(app))
    })
  }
})
