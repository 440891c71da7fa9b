import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { isExpiryWarningDismissed } from '../../../src/data/prefs/passwordExpiry'
import { passwordExpiryMachine } from '../../../src/kit/session/passwordExpiry.machine'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  passwordExpiryPaths,
  starts,
  type Start,
} from '../../../src/kit/paths/passwordExpiry.paths'
import {
  calls,
  field,
  resetCalls,
  passwordMachines,
} from '../../component/account/password.support'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const DAY = 86_400_000
const runs = (Object.keys(starts) as Start[]).map((start) => ({
  start,
  model: passwordExpiryPaths[start],
  paths: buildPaths(passwordExpiryPaths[start]).paths,
}))
const paths = runs.flatMap(({ start, paths }) => paths.map((path) => ({ start, path })))
const view = viewCoverage({ machine: passwordExpiryMachine })

type App = ReturnType<typeof renderApp>

const dialog = () => screen.getByRole('dialog', { name: 'Your Password will expire in 10 days' })

async function changeInDialog(app: App) {
  const inDialog = within(dialog())
  const type = async (label: string, value: string) => {
    await app.user.click(inDialog.getByLabelText(label, { selector: 'input' }))
    await app.user.paste(value)
  }
  await type('Old Password', 'Gatehouse#2026')
  await type('New Password', 'New#Passw0rd')
  await type('Repeat New Password', 'New#Passw0rd')
  await app.user.click(inDialog.getByRole('button', { name: 'Change Password' }))
  await waitFor(() => expect(inDialog.getByRole('button', { name: 'Later' })).toBeDisabled())
  calls.changePassword.resolve()
  await waitFor(() => expect(calls.fetchSelf.inputs).toHaveLength(1))
  calls.fetchSelf.resolve(
    selfUser({ passwordExpiresAt: new Date(Date.now() + 90 * DAY).toISOString() }),
  )
  expect(await inDialog.findByRole('status')).toHaveTextContent('Your password has been changed')
  await app.user.click(inDialog.getByRole('button', { name: 'Close' }))
}

function drive(app: App, user: ReturnType<typeof selfUser>) {
  return {
    states: {
      hidden: async () => {
        expect(await screen.findByRole('button', { name: /user menu/i })).toBeVisible()
        expect(screen.queryByRole('dialog')).toBeNull()
      },
      shown: async () => {
        expect(await screen.findByRole('dialog')).toBeVisible()
        const inDialog = within(dialog())
        expect(field('Old Password')).toBeVisible()
        expect(inDialog.getByRole('button', { name: 'Later' })).toBeEnabled()
        expect(inDialog.getByRole('button', { name: 'Change Password' })).toBeDisabled()
        expect(isExpiryWarningDismissed(user.id)).toBe(false)
      },
      dismissed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(isExpiryWarningDismissed(user.id)).toBe(true)
        expect(app.pathname()).toBe('/home')
      },
    },
    events: {
      'expiry.later': () => app.user.click(within(dialog()).getByRole('button', { name: 'Later' })),
      'password.left': () => changeInDialog(app),
    },
  }
}

beforeEach(() => {
  resetCalls()
  sessionStorage.clear()
})

describe('password-expiry statechart, driving the signed-in frame', () => {
  it('takes only steps the production machine takes', () => {
    const coverage = coverageOf(
      passwordExpiryMachine,
      runs.map(({ model, paths }) => ({ input: model.input, paths })),
    )
    expect(coverage.refused).toEqual([])
  })

  for (const { start, path } of paths) {
    it(`${start}: ${describePath(path)}`, async () => {
      const user = selfUser({ passwordExpiresAt: starts[start] })
      const app = renderApp('/home', { provide: passwordMachines })
      app.gates.fetchSelf.resolve(user)
      await view.drive(path, drive(app, user), passwordExpiryPaths[start].input)
    })
  }
})
