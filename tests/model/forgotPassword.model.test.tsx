import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { validateEmail } from '../../schema/rules'
import {
  forgotPasswordMachine,
  type ForgotEvent,
  type ForgotSnapshot,
} from '../../src/machines/forgotPassword.machine'
import {
  calls,
  failure,
  field,
  offline,
  renderSignedOut,
  resetCalls,
} from '../component/password.support'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'

/** SPEC.md §8, word for word, and the server's own words for 823. */
const EXPECTED = {
  exception: 'An Error Occurred. Try Again.',
  throttled: 'Too many attempts. Try again in 30 seconds.',
}

const events = [
  { type: 'forgot.emailChanged', value: 'Ada@Example.com' },
  { type: 'forgot.emailChanged', value: 'nobody' },
  { type: 'forgot.submit' },
  { type: 'xstate.done.actor.requestPasswordReset' },
  { type: 'xstate.error.actor.requestPasswordReset', error: offline },
  { type: 'xstate.error.actor.requestPasswordReset', error: failure(429, 823, EXPECTED.throttled) },
] as unknown as ForgotEvent[]

const summary = (s: ForgotSnapshot) =>
  JSON.stringify([s.value, !validateEmail(s.context.email), s.context.error])

const testMachine = asTestMachine(forgotPasswordMachine)
const model = createTestModel(testMachine, {
  events,
  serializeState: (state, event, previous) =>
    summary(state) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
})
const paths = model.getShortestPaths()

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
  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  it('shows every failure message on some path', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedOut('/forgotPassword', 'Forgot Password')
      await path.test(drive(app, { email: false }))
    })
  }
})
