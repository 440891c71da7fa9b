import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SelfUser } from '../../../schema/user'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { EXPECTED, forced, passwordChangePaths } from '../../../src/areas/account/paths/passwordChange.paths'
import { changeFormValid, type ChangeSnapshot } from '../../../src/areas/account/machines/passwordChange.machine'
import { calls, field, resetCalls, passwordMachines } from '../../component/account/password.support'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(passwordChangePaths)
const view = viewCoverage(passwordChangePaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

const button = (name: string) => screen.getByRole('button', { name })
// The page's own messages; the notifications (SPEC.md §4) show outside the page, bottom-left.
const page = () => within(screen.getByRole('main'))
const notifications = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-notification]'), (n) => ({
    role: n.getAttribute('role'),
    text: n.textContent,
  }))

async function retype(app: App, label: string, value: string) {
  await app.user.clear(field(label))
  await app.user.click(field(label))
  await app.user.paste(value)
}

async function expectForm(snapshot: ChangeSnapshot) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible()
  // The generated password is still the one in use: the form says why it is here.
  expect(screen.getByRole('heading', { name: 'You need to change your password' })).toBeVisible()
  const values = {
    oldPassword: field('Old Password').value,
    password: field('New Password').value,
    repeat: field('Repeat New Password').value,
  }
  expect(changeFormValid({ ...snapshot.context, ...values })).toBe(
    changeFormValid(snapshot.context),
  )
  if (snapshot.can({ type: 'password.submit' })) expect(button('Change Password')).toBeEnabled()
  else expect(button('Change Password')).toBeDisabled()
}

function drive(app: App) {
  return {
    states: {
      editing: async (snapshot: ChangeSnapshot) => {
        await expectForm(snapshot)
        expect(page().queryByRole('alert')).toBeNull()
      },
      submitting: async () => {
        await waitFor(() => expect(button('Change Password')).toBeDisabled())
        expect(calls.changePassword.inputs.at(-1)).toEqual({
          userId: forced.id,
          body: { oldPassword: 'Gatehouse#2026', password: 'New#Passw0rd' },
        })
      },
      refreshing: async () => {
        await waitFor(() => expect(calls.fetchSelf.inputs).toHaveLength(1))
        expect(button('Change Password')).toBeDisabled()
      },
      failed: async (snapshot: ChangeSnapshot) => {
        expect(await page().findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
        await waitFor(() =>
          expect(notifications()).toContainEqual({
            role: 'alert',
            text: `Your password was not changed: ${snapshot.context.error ?? '—'}`,
          }),
        )
        await expectForm(snapshot)
      },
      changed: async () => {
        expect(await page().findByRole('status')).toHaveTextContent(
          'Your password has been changed',
        )
        // Also as a notification, which outlives the page when it moves on.
        await waitFor(() =>
          expect(notifications()).toContainEqual({
            role: 'status',
            text: 'Your password has been changed',
          }),
        )
        expect(button('Home')).toBeEnabled()
        // The session knows at once that the change is done: the title follows it.
        await waitFor(() =>
          expect(app.session.getSnapshot().context.user?.mustChangePassword).toBe(false),
        )
        expect(screen.getByRole('heading', { name: 'Password Change' })).toBeVisible()
        expect(screen.queryByLabelText('Old Password')).toBeNull()
      },
      left: async () => {
        // On to '/', which is Home now that the password is current; no reminder there either.
        await waitFor(() => expect(app.pathname()).toBe('/home'), { timeout: 8000 })
        expect(
          await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
        ).toBeVisible()
        expect(screen.queryByText(/You need to change your password/)).toBeNull()
      },
    },
    events: {
      'password.oldChanged': ({ event }: Step) => retype(app, 'Old Password', event.value ?? ''),
      'password.newChanged': ({ event }: Step) => retype(app, 'New Password', event.value ?? ''),
      'password.repeatChanged': ({ event }: Step) =>
        retype(app, 'Repeat New Password', event.value ?? ''),
      'password.submit': () => app.user.click(button('Change Password')),
      'password.leave': () => app.user.click(button('Home')),
      'xstate.done.actor.changePassword': () => calls.changePassword.resolve(),
      'xstate.error.actor.changePassword': ({ event }: Step) =>
        calls.changePassword.reject(event.error),
      'xstate.done.actor.fetchSelf': ({ event }: Step) =>
        calls.fetchSelf.resolve(event.output as SelfUser),
      'xstate.error.actor.fetchSelf': ({ event }: Step) => calls.fetchSelf.reject(event.error),
      // The real five seconds pass in the driven console (the model takes them as one event).
      'xstate.after.changedMessage.passwordChange.changed': () => {},
    },
  }
}

beforeEach(resetCalls)

describe('password-change statechart, driving /password under a forced change', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(passwordChangePaths.machine, [{ input: passwordChangePaths.input, paths }])
        .refused,
    ).toEqual([])
  })

  it('shows every failure message on some path', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(forced, '/password', { provide: passwordMachines })
      await view.drive(path, drive(app))
    })
  }
})
