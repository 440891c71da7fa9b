import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  factorsUser as shown,
  userFactorsPaths,
} from '../../../src/areas/users/paths/userFactors.paths'
import type { UserFactorsSnapshot } from '../../../src/areas/users/machines/userFactors.machine'
import {
  factorTitle,
  NO_SECOND_FACTOR,
  RESET_WORDS,
} from '../../../src/areas/users/machines/userFactors.messages'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderUser } from './userDetail.support'

const { paths } = buildPaths(userFactorsPaths)
const view = viewCoverage(userFactorsPaths)
const name = `${shown.nameFirst} ${shown.nameLast}`
const named = { name, email: shown.email }

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderUser>>

const section = () => screen.getByRole('region', { name: 'Second factors' })
const loads = () => server.calls.filter((c) => c.name === 'loadFactors').length

function drive(app: App) {
  const expectNoDialog = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  const expectDialog = async (s: UserFactorsSnapshot) => {
    const dialog = await screen.findByRole('alertdialog', { name: RESET_WORDS.title(named) })
    expect(dialog).toHaveAccessibleDescription(RESET_WORDS.text(named))
    const confirm = within(dialog).getByRole('button', { name: RESET_WORDS.label })
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    if (s.hasTag('busy')) {
      await waitFor(() => expect(confirm).toBeDisabled())
      expect(cancel).toBeDisabled()
    } else {
      expect(confirm).toBeEnabled()
      expect(cancel).toBeEnabled()
    }
    if (s.hasTag('error'))
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(dialog).queryByRole('alert')).toBeNull()
  }
  const resetButton = () => within(section()).queryByRole('button', { name: RESET_WORDS.label })
  const dialogButton = (label: string) =>
    within(screen.getByRole('alertdialog')).getByRole('button', { name: label })
  return {
    states: {
      loading: async () => {
        await expectNoDialog()
        expect(await within(section()).findByText('Loading second factors…')).toBeVisible()
        expect((await server.last('loadFactors')).args).toEqual([shown.id])
      },
      failed: async (s: UserFactorsSnapshot) => {
        const alert = await within(section()).findByRole('alert')
        expect(alert).toHaveTextContent(
          `The second factors could not be read: ${s.context.error ?? '—'}`,
        )
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
        expect(resetButton()).toBeNull()
      },
      ready: async (s: UserFactorsSnapshot) => {
        await expectNoDialog()
        const factors = s.context.factors ?? []
        if (factors.length === 0) {
          expect(await within(section()).findByText(NO_SECOND_FACTOR)).toBeVisible()
          expect(resetButton()).toBeNull()
          return
        }
        const list = await within(section()).findByRole('list', { name: 'Second factors' })
        expect(
          within(list)
            .getAllByRole('listitem')
            .map((item) => item.firstElementChild?.textContent),
        ).toEqual(factors.map(factorTitle))
        // The app shows since when and when it was last used; text messages where they go.
        expect(within(list).getByText(/^Enrolled /)).toBeVisible()
        expect(within(list).getByText(/^Last used /)).toHaveAttribute('title')
        expect(within(list).getByText('Codes go to (555) 123 - 4567')).toBeVisible()
        expect(resetButton()).toBeEnabled()
      },
      confirming: expectDialog,
      resetting: async (s: UserFactorsSnapshot) => {
        await expectDialog(s)
        expect((await server.last('resetFactors')).args).toEqual([shown.id])
      },
      resetFailed: expectDialog,
    },
    events: {
      'factors.retry': () =>
        app.user.click(within(section()).getByRole('button', { name: 'Retry' })),
      'factors.reset': async () => {
        const button = resetButton()
        expect(button).not.toBeNull()
        await app.user.click(button!)
      },
      'factors.confirm': () => app.user.click(dialogButton(RESET_WORDS.label)),
      'factors.cancel': () => app.user.click(dialogButton('Cancel')),
      'xstate.done.actor.loadFactors': async ({ event }: Step) =>
        (await server.last('loadFactors')).resolve(event.output),
      'xstate.error.actor.loadFactors': async ({ event }: Step) =>
        (await server.last('loadFactors')).reject(event.error),
      'xstate.done.actor.resetFactors': async ({ event }: Step) => {
        const before = loads()
        ;(await server.last('resetFactors')).resolve(event.output)
        await expectNotified(
          'status',
          `The second factors of ${name} were reset. An email tells them.`,
        )
        // The real call keeps the answer in the cache: the pane starts the section afresh on it,
        // whose new chart reads the factors again (after the old one's read, which nobody hears).
        await identityDb().users.put(event.output as User)
        await waitFor(() => expect(loads()).toBe(before + 2))
      },
      'xstate.error.actor.resetFactors': async ({ event }: Step) => {
        ;(await server.last('resetFactors')).reject(event.error)
        await expectNotified('alert', /^The second factors were not reset: \S/)
      },
    },
  }
}

describe('user factors statechart, driving the Second factors section', () => {
  it('takes only steps the production machine takes', () => {
    const model = userFactorsPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderUser(shown)
      await view.drive(path, drive(app))
    })
  }
})
