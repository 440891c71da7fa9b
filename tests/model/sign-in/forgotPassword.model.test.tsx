import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { validateEmail } from '../../../schema/rules'
import { EXPECTED, forgotPasswordPaths } from '../../../src/areas/sign-in/paths/forgotPassword.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import type { ForgotSnapshot } from '../../../src/areas/sign-in/machines/forgotPassword.machine'
import { calls, field, renderSignedOut, resetCalls } from '../../component/account/password.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(forgotPasswordPaths)
const view = viewCoverage(forgotPasswordPaths)

type App = Awaited<ReturnType<typeof renderSignedOut>>
type Step = { event: { type: string; value?: string; error?: unknown } }

const sendLink = () => screen.getByRole('button', { name: 'Send Link' })

async function expectForm(snapshot: ForgotSnapshot, touched: boolean) {
  expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
  expect(
    screen.getByText('Please enter your email address and a reset password link will be sent'),
  ).toBeVisible()
  expect(screen.getByRole('button', { name: 'login page' })).toBeEnabled()
  const email = field('Email').value
  expect(!validateEmail(email)).toBe(!validateEmail(snapshot.context.email))
  const error = validateEmail(email)
  if (error && touched) expect(await screen.findByText(error)).toBeVisible()
  if (snapshot.can({ type: 'forgot.submit' })) expect(sendLink()).toBeEnabled()
  else expect(sendLink()).toBeDisabled()
}

function drive(app: App, touched: { email: boolean }) {
  return {
    states: {
      idle: async (snapshot: ForgotSnapshot) => {
        await expectForm(snapshot, touched.email)
        expect(screen.queryByRole('alert')).toBeNull()
        expect(screen.queryByRole('status')).toBeNull()
      },
      submitting: async () => {
        await waitFor(() => expect(sendLink()).toBeDisabled())
        expect(field('Email')).toHaveAttribute('readonly')
        // The address goes out as the field shows it, lowercased as typed (the server trims it).
        expect(calls.requestPasswordReset.inputs.at(-1)).toBe('ada@example.com')
      },
      sent: async (snapshot: ForgotSnapshot) => {
        expect(await screen.findByRole('status')).toHaveTextContent(
          'A password reset link was sent',
        )
        expect(screen.queryByRole('alert')).toBeNull()
        await expectForm(snapshot, touched.email)
      },
      failed: async (snapshot: ForgotSnapshot) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
        expect(screen.queryByRole('status')).toBeNull()
        await expectForm(snapshot, touched.email)
      },
    },
    events: {
      'forgot.emailChanged': async ({ event }: Step) => {
        touched.email = true
        await app.user.clear(field('Email'))
        await app.user.type(field('Email'), event.value ?? '')
        await app.user.tab()
      },
      'forgot.submit': () => app.user.click(sendLink()),
      'xstate.done.actor.requestPasswordReset': () => calls.requestPasswordReset.resolve(),
      'xstate.error.actor.requestPasswordReset': ({ event }: Step) =>
        calls.requestPasswordReset.reject(event.error),
    },
  }
}

beforeEach(resetCalls)

describe('forgot-password statechart, driving /forgotPassword', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(forgotPasswordPaths.machine, [{ input: forgotPasswordPaths.input, paths }])
        .refused,
    ).toEqual([])
  })

  it('shows every failure message on some path', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedOut('/forgotPassword', 'Forgot Password')
      await view.drive(path, drive(app, { email: false }))
    })
  }
})
