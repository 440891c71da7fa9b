import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { validatePassword } from '../../../schema/rules'
import type { SelfUser } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  PASSWORD,
  twoFactorOffPaths,
  twoFactorOnPaths,
  twoFactorOnUser,
  twoFactorUser,
  wrongPassword,
} from '../../../src/areas/account/paths/twoFactor.paths'
import { twoFactorMachine, type TwoFactorSnapshot } from '../../../src/areas/account/machines/twoFactor.machine'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from './profile.support'

// The server call waits for the path's steps.
const provide = [
  twoFactorMachine.provide({
    actors: {
      sendTwoFactor: stubbed('setTwoFactor', ({ userId, use2FA, password }) => [
        userId,
        { use2FA, password },
      ]),
    },
  }),
]

// Two models: an account without the second factor, and one that already uses it.
const MODELS: [typeof twoFactorOffPaths, SelfUser][] = [
  [twoFactorOffPaths, twoFactorUser],
  [twoFactorOnPaths, twoFactorOnUser],
]

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

// Scoped: the biometric setting below the card has alerts of its own.
const card = () => within(screen.getByRole('region', { name: 'Personal Info' }))
// While the dialog is open the page behind it is hidden from the accessibility tree.
const toggle = () => screen.getByRole('switch', { name: 'Use 2 Factor Auth', hidden: true })
const dialog = () => screen.getByRole('dialog')
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })
const passwordField = () =>
  within(dialog()).getByLabelText('Current Password', { selector: 'input' })

function drive(app: App, self: SelfUser) {
  let touched = false
  const settled = async (s: TwoFactorSnapshot, on: boolean) => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(toggle()).toBeEnabled())
    expect(toggle()).toHaveAttribute('aria-checked', String(on))
    expect(screen.queryByLabelText('Saving')).toBeNull()
    if (s.hasTag('error'))
      expect(await card().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(card().queryByRole('alert')).toBeNull()
    // The shell's user agrees with the switch.
    expect(app.session.getSnapshot().context.user?.use2FA).toBe(on)
  }
  const confirming = async (s: TwoFactorSnapshot, on: boolean) => {
    const title = on ? 'Turn On 2 Factor Auth' : 'Turn Off 2 Factor Auth'
    expect(await screen.findByRole('dialog', { name: title })).toBeVisible()
    // The switch stays where it was until the password is given.
    expect(toggle()).toHaveAttribute('aria-checked', String(!on))
    const continueButton = inDialog('Continue')
    if (s.can({ type: 'twoFactor.submit' })) expect(continueButton).toBeEnabled()
    else expect(continueButton).toBeDisabled()
    expect(inDialog('Cancel')).toBeEnabled()
    const typed = (passwordField() as HTMLInputElement).value
    expect(!validatePassword(typed)).toBe(!validatePassword(s.context.password))
    const rule = validatePassword(typed)
    if (rule && touched) expect(await within(dialog()).findByText(rule)).toBeVisible()
    if (s.hasTag('error'))
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
        'The password is not correct.',
      )
    else expect(within(dialog()).queryByRole('alert')).toBeNull()
    // Nothing reaches the server before the password does.
    expect(server.calls.filter((c) => c.name === 'setTwoFactor').length).toBe(sent)
  }
  let sent = 0
  const sending = async (on: boolean) => {
    await waitFor(() => expect(toggle()).toBeDisabled())
    expect(toggle()).toHaveAttribute('aria-checked', String(on))
    expect(screen.getByLabelText('Saving', { selector: '*' })).toBeInTheDocument()
    await waitFor(() => expect(inDialog('Continue')).toBeDisabled())
    expect(inDialog('Cancel')).toBeDisabled()
    const call = await server.last('setTwoFactor')
    sent = server.calls.filter((c) => c.name === 'setTwoFactor').length
    expect(call.args.slice(0, 2)).toEqual([self.id, { use2FA: on, password: PASSWORD }])
  }
  return {
    states: {
      'off.settled': (s: TwoFactorSnapshot) => settled(s, false),
      'off.failed': (s: TwoFactorSnapshot) => settled(s, false),
      'on.settled': (s: TwoFactorSnapshot) => settled(s, true),
      'on.failed': (s: TwoFactorSnapshot) => settled(s, true),
      'confirmingOn.editing': (s: TwoFactorSnapshot) => confirming(s, true),
      'confirmingOn.rejected': (s: TwoFactorSnapshot) => confirming(s, true),
      'confirmingOff.editing': (s: TwoFactorSnapshot) => confirming(s, false),
      'confirmingOff.rejected': (s: TwoFactorSnapshot) => confirming(s, false),
      turningOn: () => sending(true),
      turningOff: () => sending(false),
    },
    events: {
      'twoFactor.turnOn': async () => {
        touched = false
        await app.user.click(toggle())
      },
      'twoFactor.turnOff': async () => {
        touched = false
        await app.user.click(toggle())
      },
      'twoFactor.passwordChanged': async ({ event }: Step) => {
        touched = true
        await app.user.clear(passwordField())
        await app.user.type(passwordField(), event.value ?? '')
        await app.user.tab()
      },
      'twoFactor.submit': () => app.user.click(inDialog('Continue')),
      'twoFactor.cancel': () => app.user.click(inDialog('Cancel')),
      'xstate.done.actor.turnOn': async ({ event }: Step) => {
        ;(await server.last('setTwoFactor')).resolve(event.output)
        await expectNotified('status', '2 Factor Auth is on')
        await waitFor(async () =>
          expect((await identityDb().users.get(self.id))?.use2FA).toBe(true),
        )
      },
      'xstate.error.actor.turnOn': async ({ event }: Step) => {
        ;(await server.last('setTwoFactor')).reject(event.error)
        // A wrong password is told in the dialog, not by a notification.
        if (event.error !== wrongPassword)
          await expectNotified('alert', /^2 Factor Auth was not turned on: \S/)
      },
      'xstate.done.actor.turnOff': async ({ event }: Step) => {
        ;(await server.last('setTwoFactor')).resolve(event.output)
        await expectNotified('status', '2 Factor Auth is off')
        await waitFor(async () =>
          expect((await identityDb().users.get(self.id))?.use2FA).toBe(false),
        )
      },
      'xstate.error.actor.turnOff': async ({ event }: Step) => {
        ;(await server.last('setTwoFactor')).reject(event.error)
        if (event.error !== wrongPassword)
          await expectNotified('alert', /^2 Factor Auth was not turned off: \S/)
      },
    },
  }
}

describe('two-factor statechart, driving the Use 2 Factor Auth switch', () => {
  beforeEach(async () => {
    server.reset()
    await identityDb().users.clear()
  })

  for (const [model, self] of MODELS) {
    const { paths } = buildPaths(model)
const view = viewCoverage(model)

    describe(model.name, () => {
      it('takes only steps the production machine takes', () => {
        expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
      })

      for (const path of paths) {
        it(describePath(path), async () => {
          const app = await renderSignedIn(self, '/profile', { provide })
          expect(
            await screen.findByText(
              'Please ensure your phone number is a mobile number before turning on 2FA.',
            ),
          ).toBeVisible()
          await view.drive(path, drive(app, self))
        })
      }
    })
  }

  it('starts on for an account that uses two factors', async () => {
    await renderSignedIn(selfUser({ phone: '5551234567', use2FA: true }), '/profile', { provide })
    expect(await screen.findByRole('switch', { name: 'Use 2 Factor Auth' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  })

  it('is offered only with a phone number', async () => {
    await renderSignedIn(selfUser({ phone: null }), '/profile', { provide })
    expect(await screen.findByText('Not Provided')).toBeVisible()
    expect(screen.queryByRole('switch', { name: 'Use 2 Factor Auth' })).toBeNull()
  })
})
