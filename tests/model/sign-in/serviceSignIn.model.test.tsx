import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { LoginResults } from '../../../schema/auth'
import type { InteractionDetails, InteractionDoneResults } from '../../../schema/oidc'
import { notSignedIn } from '../../../src/kit/fixtures/api.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  EXPECTED,
  RETURN_TO,
  SECOND_FACTOR_NEEDED,
  SERVICE_NAME,
  serviceSignInPaths,
  UID,
} from '../../../src/areas/sign-in/paths/serviceSignIn.paths'
import { loginMachine } from '../../../src/areas/sign-in/machines/login.machine'
import { expiryTitle } from '../../../src/kit/session/passwordExpiry.selectors'
import {
  serviceSignInMachine,
  type ServiceSignInSnapshot,
} from '../../../src/areas/sign-in/machines/serviceSignIn.machine'
import {
  consentHeading,
  MUST_CHANGE_PASSWORD,
  RETURNING,
  scopeText,
  signInHeading,
} from '../../../src/areas/sign-in/machines/serviceSignIn.messages'
import { selfUser } from '../../setup/fixtures'
import { Gate } from '../../setup/gate'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(serviceSignInPaths)
const view = viewCoverage(serviceSignInPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }

/** The page at /oidc/interaction/:uid in the whole console, its calls settled by the path. */
function open(signedIn: boolean) {
  const gates = {
    fetchDetails: new Gate<InteractionDetails>(),
    completeLogin: new Gate<InteractionDoneResults>(),
    consent: new Gate<InteractionDoneResults>(),
    abort: new Gate<InteractionDoneResults>(),
    signIn: new Gate<LoginResults>(),
  }
  const left = vi.fn<(returnTo: string | null) => void>()
  const step = (gate: Gate<InteractionDoneResults>) =>
    fromPromise<InteractionDoneResults, { uid: string }>(({ input }) => gate.wait(input))
  const machine = serviceSignInMachine.provide({
    actors: {
      fetchDetails: fromPromise<InteractionDetails, { uid: string }>(({ input }) =>
        gates.fetchDetails.wait(input),
      ),
      completeLogin: step(gates.completeLogin),
      consent: step(gates.consent),
      abort: step(gates.abort),
      // The console's own login flow, its sign-in call gated like the others.
      login: loginMachine.provide({
        actors: {
          signIn: fromPromise<LoginResults, { username: string; password: string }>(({ input }) =>
            gates.signIn.wait(input),
          ),
        },
      }),
    },
    actions: {
      goToService: ({ context }) => {
        left(context.returnTo)
      },
    },
  })
  const app = renderApp(`/oidc/interaction/${UID}`, { provide: [machine] })
  if (signedIn) app.gates.fetchSelf.resolve(selfUser())
  else app.gates.fetchSelf.reject(notSignedIn)
  return { app, gates, left }
}

type Page = ReturnType<typeof open>

const button = (name: string) => screen.getByRole('button', { name })
const heading = (name: string) => screen.findByRole('heading', { name, level: 1 })
const waiting = async () => {
  expect(await screen.findByText('Please wait...')).toBeVisible()
}

function drive({ app, gates, left }: Page) {
  const expectPasswordLink = () =>
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/password',
    )
  return {
    states: {
      loading: async () => {
        await waiting()
        // On the console's public route, whoever is signed in.
        expect(app.pathname()).toBe(`/oidc/interaction/${UID}`)
        expect(screen.queryByRole('button', { name: /user menu/i })).toBeNull()
      },
      signingIn: async (snapshot: ServiceSignInSnapshot) => {
        expect(await heading(signInHeading(SERVICE_NAME))).toBeVisible()
        // Sent back to the form by the server: its reason shows above it.
        if (snapshot.context.notice) expect(screen.getByText(snapshot.context.notice)).toBeVisible()
        else expect(screen.queryByText(SECOND_FACTOR_NEEDED)).toBeNull()
        expect(screen.getByLabelText('Username', { selector: 'input' })).toBeVisible()
        expect(button('Login')).toBeDisabled()
        expect(button('Cancel')).toBeEnabled()
        expect(screen.queryByRole('alert')).toBeNull()
      },
      completing: waiting,
      consenting: waiting,
      aborting: waiting,
      consent: async () => {
        expect(await heading(consentHeading(SERVICE_NAME))).toBeVisible()
        expect(screen.getByText('Signed in as Ada Lovelace')).toBeVisible()
        const asked = screen.getByRole('list', { name: 'What the service asks for' })
        expect(asked).toHaveTextContent(scopeText('email'))
        expect(asked).toHaveTextContent(scopeText('profile'))
        expect(button('Allow')).toBeEnabled()
        expect(button('Cancel')).toBeEnabled()
      },
      expiryWarning: async (snapshot: ServiceSignInSnapshot) => {
        expect(await heading(expiryTitle(snapshot.context.expiresInDays ?? 0))).toBeVisible()
        expect(button(`Continue to ${SERVICE_NAME}`)).toBeEnabled()
        expectPasswordLink()
        expect(left).not.toHaveBeenCalled()
      },
      mustChangePassword: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(MUST_CHANGE_PASSWORD)
        expectPasswordLink()
      },
      failed: async (snapshot: ServiceSignInSnapshot) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
        expect(button('Try again')).toBeEnabled()
      },
      leaving: async () => {
        expect(await screen.findByText(RETURNING)).toBeVisible()
        // The browser goes back to the provider, once.
        await waitFor(() => expect(left).toHaveBeenCalledWith(RETURN_TO))
        expect(left).toHaveBeenCalledTimes(1)
      },
    },
    events: {
      'interaction.allow': () => app.user.click(button('Allow')),
      'interaction.cancel': () => app.user.click(button('Cancel')),
      'interaction.continue': () => app.user.click(button(`Continue to ${SERVICE_NAME}`)),
      'interaction.retry': () => app.user.click(button('Try again')),
      'xstate.done.actor.fetchDetails': ({ event }: Step) =>
        gates.fetchDetails.resolve(event.output as never),
      'xstate.error.actor.fetchDetails': ({ event }: Step) =>
        gates.fetchDetails.reject(event.error),
      // The console's login flow runs to its end: username, password, Login, the server's yes.
      'xstate.done.actor.login': async () => {
        const wasSignedIn = app.session.getSnapshot().matches('signedIn')
        await app.user.type(
          screen.getByLabelText('Username', { selector: 'input' }),
          'ada@example.com',
        )
        await app.user.type(
          screen.getByLabelText('Password', { selector: 'input' }),
          'correct horse',
        )
        await app.user.click(button('Login'))
        await waitFor(() => expect(gates.signIn.inputs).toHaveLength(1))
        gates.signIn.resolve({ user: { id: selfUser().id } })
        if (!wasSignedIn) {
          // The session learns of the sign-in and asks who it is, as after the console's login.
          await waitFor(() =>
            expect(app.session.getSnapshot().matches('authenticating')).toBe(true),
          )
          app.gates.fetchSelf.resolve(selfUser())
        }
      },
      'xstate.done.actor.completeLogin': ({ event }: Step) =>
        gates.completeLogin.resolve(event.output as never),
      'xstate.error.actor.completeLogin': ({ event }: Step) =>
        gates.completeLogin.reject(event.error),
      'xstate.done.actor.consent': ({ event }: Step) =>
        gates.consent.resolve(event.output as never),
      'xstate.error.actor.consent': ({ event }: Step) => gates.consent.reject(event.error),
      'xstate.done.actor.abort': ({ event }: Step) => gates.abort.resolve(event.output as never),
      'xstate.error.actor.abort': ({ event }: Step) => gates.abort.reject(event.error),
    },
  }
}

/** Signed in on this browser when the server's details say so (the first answer of the path). */
const signedInAtStart = (path: (typeof paths)[number]) => {
  const events = path.steps.map((s) => s.event as { type: string; output?: InteractionDetails })
  const first = events.find((e) => e.type === 'xstate.done.actor.fetchDetails')
  return Boolean(first?.output?.signedIn)
}

describe('serviceSignIn statechart, driving /oidc/interaction/$uid', () => {
  it('takes only steps the production machine takes', () => {
    const model = serviceSignInPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  it('shows the login messages for locked and disabled accounts', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const page = open(signedInAtStart(path))
      await view.drive(path, drive(page))
      expect(screen.queryByText('undefined')).toBeNull()
    })
  }
})
