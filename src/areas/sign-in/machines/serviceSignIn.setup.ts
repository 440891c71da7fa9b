/**
 * The service sign-in chart's vocabulary and effects: its context and events, the actors tests
 * swap, and the one `setup` (guards, actions) the chart builds on (serviceSignIn.machine.ts).
 */
import { assign, fromPromise, setup } from 'xstate'
import type { InteractionDetails, InteractionDoneResults } from '../../../../schema/oidc'
import { fetchInteraction, finishInteraction } from '../../../data/api/oidc'
import { loginMachine } from './login.machine'
import { isMustChangePassword, isNotSignedIn } from './serviceSignIn.messages'

type ServiceSignInContext = {
  uid: string
  /** The login form's opening values (the remembered username, the passkey button). */
  login: { username: string; passkeyOffered: boolean }
  details: InteractionDetails | null
  /** Where the browser goes next: back to the provider, which redirects to the service. */
  returnTo: string | null
  /** Days until the password expires, when the warning is due before returning. */
  expiresInDays: number | null
  error: string | null
  /** Why the form shows again: the service needs a second factor the session lacks. */
  notice: string | null
}

export type ServiceSignInEvent =
  | { type: 'interaction.allow' }
  | { type: 'interaction.cancel' }
  | { type: 'interaction.continue' }
  | { type: 'interaction.retry' }

type Finish = { uid: string }

/** The chart's effects; tests swap them (`serviceSignInMachine.provide({ actors, actions })`). */
export const serviceSignInActors = {
  fetchDetails: fromPromise<InteractionDetails, Finish>(({ input, signal }) =>
    fetchInteraction(input.uid, { signal }),
  ),
  completeLogin: fromPromise<InteractionDoneResults, Finish>(({ input, signal }) =>
    finishInteraction(input.uid, 'login', { signal }),
  ),
  consent: fromPromise<InteractionDoneResults, Finish>(({ input, signal }) =>
    finishInteraction(input.uid, 'consent', { signal }),
  ),
  abort: fromPromise<InteractionDoneResults, Finish>(({ input, signal }) =>
    finishInteraction(input.uid, 'abort', { signal }),
  ),
  login: loginMachine,
}

/** The chart's implementations; serviceSignIn.machine.ts builds the chart on them. */
export const serviceSignInSetup = setup({
  types: {
    context: {} as ServiceSignInContext,
    events: {} as ServiceSignInEvent,
    input: {} as { uid: string; login: { username: string; passkeyOffered: boolean } },
  },
  actors: serviceSignInActors,
  guards: {
    asksConsent: ({ event }) =>
      (event as { output?: InteractionDetails }).output?.prompt === 'consent',
    canReuseSession: ({ event }) => {
      const details = (event as { output?: InteractionDetails }).output
      return details?.signedIn != null && !details.freshSignIn
    },
    expiryDue: ({ event }) =>
      (event as { output?: InteractionDoneResults }).output?.expiresInDays !== undefined,
    isNotSignedIn: ({ event }) => isNotSignedIn((event as { error?: unknown }).error),
    isMustChangePassword: ({ event }) => isMustChangePassword((event as { error?: unknown }).error),
  },
  actions: {
    rememberReturnTo: assign({
      returnTo: ({ event }) =>
        (event as { output?: InteractionDoneResults }).output?.returnTo ?? null,
    }),
    // Leaving the console's page: the provider takes the browser on to the service.
    goToService: ({ context }) => {
      if (context.returnTo) window.location.assign(context.returnTo)
    },
  },
})
