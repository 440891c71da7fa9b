import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { isMfaGraceDismissed } from '../../../src/data/prefs/mfaGrace'
import { graceStarts, mfaGracePaths, type GraceStart } from '../../../src/areas/account/paths/mfaGrace.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { mfaGraceMachine } from '../../../src/areas/account/machines/mfaGrace.machine'
import { graceText } from '../../../src/areas/account/machines/mfaGrace.messages'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const DAY = 86_400_000
const runs = (Object.keys(graceStarts) as GraceStart[]).map((start) => ({
  start,
  model: mfaGracePaths[start],
  paths: buildPaths(mfaGracePaths[start]).paths,
}))
const view = viewCoverage({ machine: mfaGraceMachine })

type App = ReturnType<typeof renderApp>

// The frame's dialogs hide the page (and its user menu) from the accessibility tree.
function signedIn(user: ReturnType<typeof selfUser>) {
  const app = renderApp('/home')
  app.gates.fetchSelf.resolve(user)
  return app
}

const EXPIRY = 'Your Password will expire in 10 days'
const graceDialog = () => screen.getByRole('dialog', { name: /^Set up a second factor / })
const inGrace = (name: string) => within(graceDialog()).getByRole('button', { name })

/**
 * The signed-in user of each model: with a grace period, their password is due for its own
 * warning too, so that the model's wait behind the password-expiry dialog is on screen.
 */
const userFor = (start: GraceStart) =>
  selfUser({
    mfaGraceUntil: graceStarts[start],
    passwordExpiresAt: new Date(Date.now() + 9.5 * DAY).toISOString(),
  })

function drive(app: App, user: ReturnType<typeof selfUser>) {
  return {
    states: {
      hidden: async () => {
        // The password's warning shows alone.
        expect(await screen.findByRole('dialog', { name: EXPIRY })).toBeVisible()
        expect(screen.getAllByRole('dialog')).toHaveLength(1)
      },
      waiting: async () => {
        expect(await screen.findByRole('dialog', { name: EXPIRY })).toBeVisible()
        expect(screen.getAllByRole('dialog')).toHaveLength(1)
      },
      shown: async () => {
        const dialog = await screen.findByRole('dialog', {
          name: 'Set up a second factor by ' + dayjsDate(graceStarts.due),
        })
        expect(dialog).toHaveAccessibleDescription(graceText(graceStarts.due))
        expect(screen.getAllByRole('dialog')).toHaveLength(1)
        expect(inGrace('Set up now')).toBeEnabled()
        expect(inGrace('Later')).toBeEnabled()
        expect(isMfaGraceDismissed(user.id)).toBe(false)
      },
      dismissed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(isMfaGraceDismissed(user.id)).toBe(true)
      },
    },
    events: {
      'mfaGrace.expiryClosed': async () =>
        app.user.click(
          within(screen.getByRole('dialog', { name: EXPIRY })).getByRole('button', {
            name: 'Later',
          }),
        ),
      'mfaGrace.setUp': async () => {
        await app.user.click(inGrace('Set up now'))
        await waitFor(() => expect(app.pathname()).toBe('/profile'))
      },
      'mfaGrace.later': async () => {
        await app.user.click(inGrace('Later'))
        expect(app.pathname()).toBe('/home')
      },
    },
  }
}

// 'Sep 01, 2026' as the dialog's title words it.
const dayjsDate = (iso: string | null) =>
  new Date(iso ?? '').toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  })

beforeEach(() => sessionStorage.clear())

describe('second-factor grace statechart, driving the signed-in frame', () => {
  it('takes only steps the production machine takes', () => {
    const coverage = coverageOf(
      mfaGraceMachine,
      runs.map(({ model, paths }) => ({ input: model.input, paths })),
    )
    expect(coverage.refused).toEqual([])
  })

  for (const { start, model, paths } of runs) {
    describe(model.name, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          const user = userFor(start)
          const app = signedIn(user)
          await view.drive(path, drive(app, user), model.input)
        })
      }
    })
  }

  it('shows at once when no password warning is due, in days within a week', async () => {
    const user = selfUser({ mfaGraceUntil: new Date(Date.now() + 2.5 * DAY).toISOString() })
    signedIn(user)
    expect(
      await screen.findByRole('dialog', { name: 'Set up a second factor within 3 days' }),
    ).toBeVisible()
  })

  it('does not show again in the same browser session once put off', async () => {
    const user = selfUser({ mfaGraceUntil: graceStarts.due })
    sessionStorage.setItem('gatehouse.mfaGraceDismissed', JSON.stringify([user.id]))
    signedIn(user)
    expect(await screen.findByRole('button', { name: /user menu/i })).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
