import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { isExpiryWarningDismissed } from '../../src/data/prefs/passwordExpiry'
import {
  passwordExpiryMachine,
  type ExpiryEvent,
  type ExpiryInput,
} from '../../src/machines/passwordExpiry.machine'
import { calls, field, resetCalls, passwordMachines } from '../component/password.support'
import { selfUser } from '../setup/fixtures'
import { renderApp } from '../setup/renderApp'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const DAY = 86_400_000
// 9.5 days left reads as 10: whole days, rounded up.
const soon = () => new Date(Date.now() + 9.5 * DAY).toISOString()
const later = () => new Date(Date.now() + 30 * DAY).toISOString()

const events = [{ type: 'expiry.later' }, { type: 'password.left' }] as unknown as ExpiryEvent[]

const testMachine = asTestMachine(
  passwordExpiryMachine.provide({ actions: { rememberDismissal: () => {} } }),
)
const input = (passwordExpiresAt: string): ExpiryInput => ({
  userId: 'u1',
  passwordExpiresAt,
  mustChangePassword: false,
  dismissed: false,
  now: Date.now(),
})
// Whether the dialog is due is fixed when the frame opens: one model per starting point.
const starts = { due: soon(), notDue: later() }
const paths = Object.entries(starts).flatMap(([start, expires]) =>
  createTestModel(testMachine, { events, input: input(expires) })
    .getShortestPaths()
    .map((path) => ({ start: start as keyof typeof starts, path })),
)

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
        expect(await screen.findByRole('button', { name: /^User menu/ })).toBeVisible()
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
  it('reaches every state and takes every transition', () => {
    expect(
      uncovered(
        testMachine,
        paths.map((p) => p.path),
      ),
    ).toEqual({ states: [], transitions: [] })
  })

  for (const { start, path } of paths) {
    it(`${start}: ${describePath(path)}`, async () => {
      const user = selfUser({ passwordExpiresAt: starts[start] })
      const app = renderApp('/home', { provide: passwordMachines })
      app.gates.fetchSelf.resolve(user)
      await path.test(drive(app, user))
    })
  }
})
