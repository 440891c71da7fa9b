import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OwnFactorsResults } from '../../../schema/factors'
import { validatePassword } from '../../../schema/rules'
import {
  APP_CODE,
  appsOff,
  authenticatorPaths,
  PASSWORD,
  setupAnswer,
  wrongCode,
  wrongPassword,
} from '../../../src/areas/account/paths/authenticator.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  authenticatorMachine,
  type AuthenticatorSnapshot,
} from '../../../src/areas/account/machines/authenticator.machine'
import { AUTHENTICATOR_WORDS as WORDS } from '../../../src/areas/account/machines/authenticator.messages'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from './profile.support'

// Every server call of the section waits in `server` until the path's done or error step.
const provide = [
  authenticatorMachine.provide({
    actors: {
      readFactors: stubbed('readFactors', () => []),
      startSetup: stubbed('startSetup', ({ password }: { password: string }) => [password]),
      confirmSetup: stubbed('confirmSetup', (input: { setupId: string; code: string }) => [input]),
      removeApp: stubbed('removeApp', ({ password }: { password: string }) => [password]),
      regenerateCodes: stubbed('regenerateCodes', ({ password }: { password: string }) => [
        password,
      ]),
    },
  }),
]

const self = selfUser({ mfaGraceUntil: '2026-09-01T12:00:00.000Z' })
const { paths } = buildPaths(authenticatorPaths)
const view = viewCoverage(authenticatorPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

// While a dialog is open the page behind it is hidden from the accessibility tree.
const section = () => within(screen.getByRole('region', { name: WORDS.title, hidden: true }))
const sectionButton = (name: string) => section().queryByRole('button', { name, hidden: true })
const dialog = () => screen.getByRole('dialog')
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })
const passwordField = () =>
  within(dialog()).getByLabelText('Current Password', { selector: 'input' })
const codeField = () => section().getByLabelText(WORDS.codeLabel)
const callsOf = (name: string) => server.calls.filter((c) => c.name === name).length

const DIALOG = {
  settingUp: WORDS.dialog.setUp,
  removing: WORDS.dialog.remove,
  regenerating: WORDS.dialog.regenerate,
} as const

function drive(app: App) {
  let touched = false
  const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const sectionAlert = async (s: AuthenticatorSnapshot) => {
    if (s.hasTag('error'))
      expect(await section().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(section().queryByRole('alert')).toBeNull()
  }
  const notEnrolled = async (s: AuthenticatorSnapshot) => {
    await noDialog()
    expect(await section().findByText(WORDS.intro)).toBeVisible()
    const factors = s.context.factors as OwnFactorsResults
    if (factors.policy.mode === 'off') {
      expect(section().getByText(WORDS.off)).toBeVisible()
      expect(sectionButton(WORDS.setUp)).toBeNull()
    } else expect(sectionButton(WORDS.setUp)).toBeEnabled()
    if (factors.policy.mode === 'required')
      expect(section().getByText(/^Your organisation requires a second factor/)).toBeVisible()
    expect(section().queryByText(/^Enrolled /)).toBeNull()
    await sectionAlert(s)
  }
  const enrolled = async (s: AuthenticatorSnapshot) => {
    await noDialog()
    const factors = s.context.factors as OwnFactorsResults
    expect(await section().findByText(/^Enrolled \w{3} \d{2}, \d{4}/)).toBeVisible()
    expect(
      section().getByText(
        factors.authenticator?.lastUsedAt ? /^Last used \w{3} / : 'Last used Never',
      ),
    ).toBeVisible()
    expect(section().getByText(WORDS.codesLeft(factors.recoveryCodesLeft))).toBeVisible()
    expect(sectionButton('Remove')).toBeEnabled()
    expect(sectionButton('Regenerate')).toBeEnabled()
    expect(sectionButton(WORDS.setUp)).toBeNull()
    await sectionAlert(s)
  }
  const asking = async (s: AuthenticatorSnapshot) => {
    const title = s.hasTag('removing')
      ? DIALOG.removing
      : s.hasTag('regenerating')
        ? DIALOG.regenerating
        : DIALOG.settingUp
    expect(await screen.findByRole('dialog', { name: title })).toBeVisible()
    const continueButton = inDialog('Continue')
    if (s.can({ type: 'authenticator.submit' })) expect(continueButton).toBeEnabled()
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
  }
  const sending = (name: string) => async () => {
    await waitFor(() => expect(inDialog('Continue')).toBeDisabled())
    expect(inDialog('Cancel')).toBeDisabled()
    expect((await server.last(name)).args).toEqual([PASSWORD])
  }
  const scanning = async (s: AuthenticatorSnapshot) => {
    await noDialog()
    expect(await section().findByTestId('authenticator-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP',
    )
    expect(section().getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    expect(section().getByTestId('authenticator-uri')).toHaveTextContent(setupAnswer.uri)
    const verify = sectionButton('Verify')!
    if (s.can({ type: 'authenticator.verify' })) expect(verify).toBeEnabled()
    else expect(verify).toBeDisabled()
    expect(sectionButton('Cancel')).toBeEnabled()
    await sectionAlert(s)
  }
  const codes = async (s: AuthenticatorSnapshot) => {
    await noDialog()
    const list = await section().findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(s.context.codes)
    const saved = section().getByRole('checkbox', { name: 'I have saved these codes' })
    expect(saved).toHaveAttribute('aria-checked', String(s.context.saved))
    if (s.context.saved) expect(sectionButton('Done')).toBeEnabled()
    else expect(sectionButton('Done')).toBeDisabled()
    // The secret is gone from the screen once the app is set up.
    expect(section().queryByTestId('authenticator-secret')).toBeNull()
  }
  const readDone = async ({ event }: Step) =>
    (await server.last('readFactors')).resolve(event.output)
  return {
    states: {
      loading: async () => {
        await noDialog()
        expect(await section().findByText('Loading…')).toBeVisible()
        await server.last('readFactors')
      },
      failed: async (s: AuthenticatorSnapshot) => {
        const alert = await section().findByRole('alert')
        expect(alert).toHaveTextContent(`${WORDS.readFailed}: ${s.context.error ?? '—'}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      'notEnrolled.settled': notEnrolled,
      'notEnrolled.failed': notEnrolled,
      'settingUp.askingPassword.editing': asking,
      'settingUp.askingPassword.rejected': asking,
      'settingUp.starting': sending('startSetup'),
      'settingUp.scanning.editing': scanning,
      'settingUp.scanning.rejected': scanning,
      'settingUp.verifying': async () => {
        await waitFor(() => expect(sectionButton('Verify')).toBeDisabled())
        expect(sectionButton('Cancel')).toBeDisabled()
        expect((await server.last('confirmSetup')).args).toEqual([
          { setupId: setupAnswer.setupId, code: '123456' },
        ])
      },
      'settingUp.savingCodes': codes,
      'enrolled.settled': enrolled,
      'enrolled.failed': enrolled,
      'removing.askingPassword.editing': asking,
      'removing.askingPassword.rejected': asking,
      'removing.sending': sending('removeApp'),
      'regenerating.askingPassword.editing': asking,
      'regenerating.askingPassword.rejected': asking,
      'regenerating.sending': sending('regenerateCodes'),
      'regenerating.savingCodes': codes,
    },
    events: {
      'xstate.done.actor.readFactors': readDone,
      'xstate.error.actor.readFactors': async ({ event }: Step) =>
        (await server.last('readFactors')).reject(event.error),
      'authenticator.retry': () =>
        app.user.click(within(section().getByRole('alert')).getByRole('button', { name: 'Retry' })),
      'authenticator.setUp': async () => {
        touched = false
        await app.user.click(sectionButton(WORDS.setUp)!)
      },
      'authenticator.remove': async () => {
        touched = false
        await app.user.click(sectionButton('Remove')!)
      },
      'authenticator.regenerate': async () => {
        touched = false
        await app.user.click(sectionButton('Regenerate')!)
      },
      'authenticator.passwordChanged': async ({ event }: Step) => {
        touched = true
        await app.user.clear(passwordField())
        await app.user.type(passwordField(), event.value ?? '')
        await app.user.tab()
      },
      'authenticator.submit': () => app.user.click(inDialog('Continue')),
      'authenticator.cancel': async () => {
        if (screen.queryByRole('dialog')) await app.user.click(inDialog('Cancel'))
        else await app.user.click(sectionButton('Cancel')!)
      },
      'authenticator.codeChanged': async ({ event }: Step) => {
        await app.user.clear(codeField())
        await app.user.type(codeField(), event.value ?? '')
      },
      'authenticator.verify': () => app.user.click(sectionButton('Verify')!),
      'authenticator.savedChanged': () =>
        app.user.click(section().getByRole('checkbox', { name: 'I have saved these codes' })),
      'authenticator.done': () => app.user.click(sectionButton('Done')!),
      'xstate.done.actor.startSetup': async ({ event }: Step) =>
        (await server.last('startSetup')).resolve(event.output),
      'xstate.error.actor.startSetup': async ({ event }: Step) => {
        ;(await server.last('startSetup')).reject(event.error)
        if (event.error !== wrongPassword)
          await expectNotified('alert', /^The authenticator app was not set up: \S/)
      },
      'xstate.done.actor.confirmSetup': async ({ event }: Step) => {
        ;(await server.last('confirmSetup')).resolve(event.output)
        // The shell's user has the app now, and no grace period left.
        await waitFor(() =>
          expect(app.session.getSnapshot().context.user).toMatchObject({
            authenticator: true,
            mfaGraceUntil: null,
          }),
        )
        if ((event.output as string[]).length === 0)
          await expectNotified('status', 'Your authenticator app is set up')
      },
      'xstate.error.actor.confirmSetup': async ({ event }: Step) => {
        ;(await server.last('confirmSetup')).reject(event.error)
        // SPEC.md §8's words for a wrong code, in the step, which stays open.
        if (event.error === wrongCode)
          expect(await section().findByRole('alert')).toHaveTextContent(
            'Incorrect Code. Try Again.',
          )
      },
      'xstate.done.actor.removeApp': async ({ event }: Step) => {
        ;(await server.last('removeApp')).resolve(event.output)
        await expectNotified('status', 'Your authenticator app was removed')
        await waitFor(() =>
          expect(app.session.getSnapshot().context.user?.authenticator).toBe(false),
        )
      },
      'xstate.error.actor.removeApp': async ({ event }: Step) => {
        ;(await server.last('removeApp')).reject(event.error)
        if (event.error !== wrongPassword)
          await expectNotified('alert', /^The authenticator app was not removed: \S/)
      },
      'xstate.done.actor.regenerateCodes': async ({ event }: Step) =>
        (await server.last('regenerateCodes')).resolve(event.output),
      'xstate.error.actor.regenerateCodes': async ({ event }: Step) => {
        ;(await server.last('regenerateCodes')).reject(event.error)
        if (event.error !== wrongPassword)
          await expectNotified('alert', /^No new recovery codes were made: \S/)
      },
    },
  }
}

describe('authenticator statechart, driving the Profile’s Authenticator app card', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(authenticatorMachine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(self, '/profile', { provide })
      await view.drive(path, drive(app))
    })
  }

  it('keeps Done off until the codes are marked saved, and the code as six digits', async () => {
    const app = await renderSignedIn(self, '/profile', { provide })
    ;(await server.last('readFactors')).resolve({
      ...appsOff,
      policy: { mode: 'optional', graceUntil: null },
    })
    await app.user.click(await section().findByRole('button', { name: WORDS.setUp }))
    await app.user.type(passwordField(), PASSWORD)
    await app.user.click(inDialog('Continue'))
    ;(await server.last('startSetup')).resolve(setupAnswer)
    await app.user.type(await section().findByLabelText(WORDS.codeLabel), APP_CODE)
    await app.user.keyboard('{Enter}')
    expect((await server.last('confirmSetup')).args).toEqual([
      { setupId: setupAnswer.setupId, code: '123456' },
    ])
    ;(await server.last('confirmSetup')).resolve(['AAAAA-BBBBB'])
    const saved = await section().findByRole('checkbox', { name: 'I have saved these codes' })
    expect(sectionButton('Done')).toBeDisabled()
    await app.user.click(saved)
    expect(sectionButton('Done')).toBeEnabled()
    await app.user.click(saved)
    expect(sectionButton('Done')).toBeDisabled()
    expect(callsOf('readFactors')).toBe(1)
  })

  it('says so, and offers no setup, when the administrator turned apps off', async () => {
    await renderSignedIn(self, '/profile', { provide })
    ;(await server.last('readFactors')).resolve(appsOff)
    expect(await section().findByText(WORDS.off)).toBeVisible()
    expect(sectionButton(WORDS.setUp)).toBeNull()
  })
})
