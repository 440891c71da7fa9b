import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Permissions, type Permission } from '../../../schema/permissions'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  accessUser as shown,
  userAccessPaths,
} from '../../../src/areas/users/paths/userAccess.paths'
import type { UserAccessSnapshot } from '../../../src/areas/users/machines/userAccess.machine'
import { PERMISSION_TEXT, permissionLabel } from '../../../src/areas/users/views/permissionText'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { accessReads, renderUser } from './userDetail.support'

const { paths } = buildPaths(userAccessPaths)
const view = viewCoverage(userAccessPaths)
const name = `${shown.nameFirst} ${shown.nameLast}`

type Step = { event: { type: string; output?: User; error?: unknown } }
type App = Awaited<ReturnType<typeof renderUser>>

const section = () => screen.getByRole('region', { name: 'Access' })
const save = () => within(section()).getByRole('button', { name: 'Save access' })

function drive(app: App) {
  const expectForm = async (s: UserAccessSnapshot) => {
    const { draft } = s.context
    const label = draft.type === 'INTERNAL' ? 'Internal' : 'External'
    await waitFor(() => expect(within(section()).getByRole('radio', { name: label })).toBeChecked())
    for (const permission of Permissions) {
      const box = within(section()).getByRole('checkbox', { name: permissionLabel(permission) })
      if (draft.permissions.includes(permission)) expect(box).toBeChecked()
      else expect(box).not.toBeChecked()
    }
    if (s.hasTag('busy')) await waitFor(() => expect(save()).toBeDisabled())
    else if (s.can({ type: 'access.save' })) expect(save()).toBeEnabled()
    else expect(save()).toBeDisabled()
    if (s.hasTag('error'))
      expect(await within(section()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(section()).queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      clean: expectForm,
      dirty: expectForm,
      refused: expectForm,
      saving: async (s: UserAccessSnapshot) => {
        await expectForm(s)
        expect((await server.last('saveAccess')).args).toEqual([shown.id, s.context.draft])
      },
    },
    events: {
      'access.typeChanged': ({ event }: { event: { value: string } }) =>
        app.user.click(
          within(section()).getByRole('radio', {
            name: event.value === 'INTERNAL' ? 'Internal' : 'External',
          }),
        ),
      'access.permissionToggled': async ({
        event,
      }: {
        event: { permission: string; on: boolean }
      }) => {
        const box = within(section()).getByRole('checkbox', {
          name: permissionLabel(event.permission as Permission),
        })
        // A box already as asked is left alone: the chart hears the same as no click.
        if ((box.getAttribute('aria-checked') === 'true') !== event.on) await app.user.click(box)
      },
      'access.save': () => app.user.click(save()),
      'xstate.done.actor.saveAccess': async ({ event }: Step) => {
        const reads = accessReads.count
        ;(await server.last('saveAccess')).resolve(event.output)
        // The real call keeps the answer in the cache; the form then starts from it.
        if (event.output) await identityDb().users.put(event.output)
        await expectNotified('status', `The access of ${name} was saved`)
        // The section reads the access again (its sources changed), and, started afresh on the
        // cache's new copy, once more: then the form is the new section's.
        await waitFor(() => expect(accessReads.count).toBeGreaterThanOrEqual(reads + 2))
        await waitFor(() => expect(within(section()).queryByText('Loading access…')).toBeNull())
      },
      'xstate.error.actor.saveAccess': async ({ event }: Step) => {
        ;(await server.last('saveAccess')).reject(event.error)
        await expectNotified(
          'alert',
          new RegExp(`^The access of ${name} was not saved: There must`),
        )
      },
    },
  }
}

describe('user access statechart, driving the Access section', () => {
  it('takes only steps the production machine takes', () => {
    const model = userAccessPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  it('says what each permission allows', async () => {
    await renderUser(shown)
    for (const permission of Permissions)
      expect(
        within(section()).getByRole('checkbox', { name: permissionLabel(permission) }),
      ).toHaveAccessibleDescription(`${permission} ${PERMISSION_TEXT[permission]}`)
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderUser(shown)
      await view.drive(path, drive(app) as never)
    })
  }
})
