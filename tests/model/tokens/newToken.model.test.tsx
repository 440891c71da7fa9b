import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { permissionLabel } from '../../../schema/permission-text'
import { Permissions } from '../../../schema/permissions'
import type { NewTokenSnapshot } from '../../../src/areas/tokens/machines/newToken.machine'
import { EXPIRY_CHOICES } from '../../../src/areas/tokens/machines/newToken.rules'
import {
  AUDITOR_HELD,
  newTokenPaths,
  ROLES,
  TOKEN_SECRET,
} from '../../../src/areas/tokens/paths/newToken.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { formDialog, renderTokens, secretDialog, tokenCard } from './tokens.support'

const { paths } = buildPaths(newTokenPaths)
const view = viewCoverage(newTokenPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderTokens>>

const inForm = () => within(formDialog()!)
const createButton = () => inForm().getByRole('button', { name: 'Create' })
const expiryLabel = (value: string) => EXPIRY_CHOICES.find((c) => c.value === value)!.label

function drive(app: App) {
  const expectForm = async (s: NewTokenSnapshot) => {
    const f = s.context.fields
    await waitFor(() => expect(inForm().getByLabelText('Name')).toHaveValue(f.name))
    // Only the roles within what the caller holds: Auditor, not Administrator.
    expect(inForm().queryByRole('checkbox', { name: 'Administrator' })).toBeNull()
    const auditor = inForm().getByRole('checkbox', { name: 'Auditor' })
    expect(auditor).toHaveAttribute('aria-checked', String(f.roles.length > 0))
    // Only the permissions the caller holds.
    for (const p of Permissions) {
      const box = inForm().queryByRole('checkbox', { name: permissionLabel(p) })
      if (!AUDITOR_HELD.includes(p as never)) expect(box).toBeNull()
      else expect(box).toHaveAttribute('aria-checked', String(f.permissions.includes(p)))
    }
    expect(inForm().getByRole('combobox', { name: 'Users it acts on' })).toHaveTextContent(
      f.groupId ? 'Group Pharmacy staff' : 'All users',
    )
    expect(inForm().getByRole('radio', { name: expiryLabel(f.expiry) })).toBeChecked()
    const date = inForm().queryByLabelText('Expiry date')
    if (f.expiry === 'date') expect(date).toHaveValue(f.date)
    else expect(date).toBeNull()
    if (s.can({ type: 'newToken.create' }))
      await waitFor(() => expect(createButton()).toBeEnabled())
    else await waitFor(() => expect(createButton()).toBeDisabled())
    if (s.hasTag('error'))
      expect(await inForm().findByRole('alert')).toHaveTextContent(s.context.error!)
    else expect(inForm().queryByRole('alert')).toBeNull()
    expect(secretDialog()).toBeNull()
  }
  return {
    states: {
      closed: async () => {
        await waitFor(() => expect(formDialog()).toBeNull())
        expect(secretDialog()).toBeNull()
        expect(screen.queryByText(TOKEN_SECRET)).toBeNull()
        expect(screen.getByRole('button', { name: 'New token' })).toBeEnabled()
      },
      loading: async () => {
        expect(
          await within(await screen.findByRole('dialog', { name: 'New token' })).findByText(
            'Loading the roles and groups…',
          ),
        ).toBeVisible()
        await server.last('loadChoices')
      },
      unavailable: async (s: NewTokenSnapshot) => {
        expect(await inForm().findByRole('alert')).toHaveTextContent(s.context.error!)
        expect(inForm().getByRole('button', { name: 'Try again' })).toBeEnabled()
      },
      'editing.idle': expectForm,
      'editing.rejected': expectForm,
      creating: async (s: NewTokenSnapshot) => {
        await waitFor(() => expect(createButton()).toBeDisabled())
        expect((await server.last('createToken')).args).toEqual([s.context.fields])
      },
      shown: async (s: NewTokenSnapshot) => {
        const shown = await screen.findByRole('dialog', {
          name: `Token “${s.context.created!.token.name}” created`,
        })
        expect(shown).toHaveTextContent(
          'Copy this token now. You will not be able to see it again.',
        )
        expect(within(shown).getByLabelText('The new token')).toHaveTextContent(TOKEN_SECRET)
        expect(within(shown).getByRole('button', { name: 'Copy' })).toBeEnabled()
        expect(formDialog()).toBeNull()
        // The list was told: the new token is listed.
        expect(tokenCard(s.context.created!.token.name)).toBeInTheDocument()
      },
    },
    events: {
      'newToken.open': () => app.user.click(screen.getByRole('button', { name: 'New token' })),
      'xstate.done.actor.loadChoices': async ({ event }: Step) =>
        act(async () => (await server.last('loadChoices')).resolve(event.output)),
      'xstate.error.actor.loadChoices': async ({ event }: Step) =>
        act(async () => (await server.last('loadChoices')).reject(event.error)),
      'newToken.retry': () => app.user.click(inForm().getByRole('button', { name: 'Try again' })),
      'newToken.cancel': () => app.user.click(inForm().getByRole('button', { name: 'Cancel' })),
      'newToken.name': async ({ event }: Step) => {
        const field = inForm().getByLabelText('Name')
        await app.user.clear(field)
        if (event.value) await app.user.type(field, event.value as string)
      },
      'newToken.role': () => app.user.click(inForm().getByRole('checkbox', { name: 'Auditor' })),
      'newToken.permission': ({ event }: Step) =>
        app.user.click(
          inForm().getByRole('checkbox', { name: permissionLabel(event.permission as never) }),
        ),
      'newToken.group': async () => {
        await app.user.click(inForm().getByRole('combobox', { name: 'Users it acts on' }))
        await app.user.click(await screen.findByRole('option', { name: 'Group Pharmacy staff' }))
      },
      'newToken.expiry': ({ event }: Step) =>
        app.user.click(inForm().getByRole('radio', { name: expiryLabel(event.expiry as string) })),
      // A date input takes its value whole (jsdom has no date picker to type into).
      'newToken.date': ({ event }: Step) => {
        fireEvent.change(inForm().getByLabelText('Expiry date'), {
          target: { value: event.value },
        })
      },
      'newToken.create': () => app.user.click(createButton()),
      'xstate.done.actor.createToken': async ({ event }: Step) =>
        act(async () => (await server.last('createToken')).resolve(event.output)),
      'xstate.error.actor.createToken': async ({ event }: Step) =>
        act(async () => (await server.last('createToken')).reject(event.error)),
      'newToken.done': () =>
        app.user.click(within(secretDialog()!).getByRole('button', { name: 'Done' })),
    },
  }
}

describe('New token statechart, driving the New token dialog', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(newTokenPaths.machine, [{ input: newTokenPaths.input, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  it('offers only roles whose every permission the caller holds', () => {
    expect(ROLES.map((r) => r.name)).toEqual(['Administrator', 'Auditor'])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderTokens(AUDITOR_HELD)
      await act(async () => (await server.last('listTokens')).resolve([]))
      await view.drive(path, drive(app))
    })
  }
})
