import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notSignedIn } from '../../../src/kit/fixtures/api.fixtures'
import {
  CONFIRMED_EMAIL,
  emailVerificationPaths,
  TOKEN,
} from '../../../src/areas/sign-in/paths/emailVerification.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  emailVerificationMachine,
  verificationActors,
} from '../../../src/areas/sign-in/machines/emailVerification.machine'
import {
  LINK_EXPIRED,
  VERIFY_UNAVAILABLE,
  verifiedMessage,
} from '../../../src/areas/sign-in/machines/emailVerification.messages'
import { authStatus } from '../../../src/kit/session/session.selectors'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'

// The server call behind the chart's verifyEmail actor; each call waits for the path's step.
const stubbed = emailVerificationMachine.provide({
  actors: verificationActors(server.stub('verifyEmail') as never),
})

const { paths } = buildPaths(emailVerificationPaths)
const view = viewCoverage(emailVerificationPaths)

type App = ReturnType<typeof renderApp>
type Step = { event: { type: string; output?: unknown; error?: unknown } }

const PATH = `/verifyEmail/${TOKEN}`

function drive(app: App) {
  let calls = 0
  const onPage = async () => {
    expect(
      await screen.findByRole('heading', { name: 'Confirm your email', level: 1 }),
    ).toBeVisible()
    // The public page, whoever is signed in: no redirect, no signed-in frame.
    expect(app.pathname()).toBe(PATH)
    expect(screen.queryByRole('button', { name: /user menu/i })).toBeNull()
  }
  const toLogin = () =>
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login')
  return {
    states: {
      verifying: async () => {
        await onPage()
        expect(await screen.findByText('Confirming your email address...')).toBeVisible()
        calls += 1
        await waitFor(() => expect(server.calls).toHaveLength(calls))
        expect((await server.last('verifyEmail')).args[0]).toBe(TOKEN)
      },
      verified: async () => {
        await onPage()
        expect(await screen.findByText(verifiedMessage(CONFIRMED_EMAIL))).toBeVisible()
        toLogin()
      },
      failed: async () => {
        await onPage()
        expect(await screen.findByText(LINK_EXPIRED)).toBeVisible()
        toLogin()
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
      },
      unavailable: async () => {
        await onPage()
        expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_UNAVAILABLE)
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
      },
    },
    events: {
      'verification.retry': () => app.user.click(screen.getByRole('button', { name: 'Try again' })),
      'xstate.done.actor.verifyEmail': async ({ event }: Step) =>
        (await server.last('verifyEmail')).resolve(event.output),
      'xstate.error.actor.verifyEmail': async ({ event }: Step) =>
        (await server.last('verifyEmail')).reject(event.error),
    },
  }
}

describe('emailVerification statechart, driving /verifyEmail/$token', () => {
  it('takes only steps the production machine takes', () => {
    const model = emailVerificationPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const signedIn of [false, true]) {
    describe(signedIn ? 'signed in' : 'signed out', () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          server.reset()
          const app = renderApp(PATH, { provide: [stubbed] })
          if (signedIn) app.gates.fetchSelf.resolve(selfUser())
          else app.gates.fetchSelf.reject(notSignedIn)
          await view.drive(path, drive(app))
          // Still as it was: the link neither signs anyone in nor out.
          expect(authStatus(app.session.getSnapshot())).toBe(signedIn ? 'signedIn' : 'signedOut')
          expect(screen.queryByText('undefined')).toBeNull()
        })
      }
    })
  }
})
