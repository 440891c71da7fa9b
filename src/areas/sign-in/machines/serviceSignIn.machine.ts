import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { serviceSignInFailureMessage, signInAgainNotice } from './serviceSignIn.messages'
import { serviceSignInSetup } from './serviceSignIn.setup'
import { finalState } from '../../../kit/machines/finalState'

export { serviceSignInActors, type ServiceSignInEvent } from './serviceSignIn.setup'

/**
 * Signing in to a service through Gatehouse (docs/sso.md, "Sign-in"): the page the provider sends
 * the browser to. A console session is reused unless the service asked for a fresh sign-in;
 * otherwise the console's own login flow runs (as a child: password, security code, passkey);
 * a third-party service then asks for consent; at the end the browser returns to the service.
 *
 * The context, events, actors, guards and actions are in serviceSignIn.setup.ts.
 */
export const serviceSignInMachine = serviceSignInSetup.createMachine({
  id: 'serviceSignIn',
  description: "A service sent the browser to Gatehouse to sign in ('Sign in to Alpha Desk').",
  context: ({ input }) => ({
    uid: input.uid,
    login: input.login,
    details: null,
    returnTo: null,
    expiresInDays: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads which service asks, for what, and who is signed in on this browser.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchDetails',
        src: 'fetchDetails',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: [
          {
            guard: 'asksConsent',
            target: 'consent',
            description: 'Signed in already; a third-party service asks for consent.',
            actions: assign({ details: ({ event }) => event.output }),
          },
          {
            guard: 'canReuseSession',
            target: 'completing',
            description: 'A console session exists and the service accepts it (single sign-on).',
            actions: assign({ details: ({ event }) => event.output }),
          },
          {
            target: 'signingIn',
            description: 'Nobody is signed in, or the service asked for a fresh sign-in: the form.',
            actions: assign({ details: ({ event }) => event.output }),
          },
        ],
        onError: {
          target: 'failed',
          description: 'The sign-in expired, belongs to another browser, or the server failed.',
          actions: assign({ error: ({ event }) => serviceSignInFailureMessage(event.error) }),
        },
      },
    },
    signingIn: {
      description: "'Sign in to <service>': the console's login (password, code, passkey).",
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.login,
        onDone: {
          target: 'completing',
          description: 'The login flow opened a console session.',
        },
      },
      on: {
        'interaction.cancel': {
          target: 'aborting',
          description: 'Cancel was pressed: back to the service without signing in.',
        },
      },
    },
    completing: {
      description: 'Signs the console session into the service.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'completeLogin',
        src: 'completeLogin',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: [
          {
            guard: 'expiryDue',
            target: 'expiryWarning',
            description: 'Signed in; the password expires soon, which the person reads first.',
            actions: [
              'rememberReturnTo',
              assign({ expiresInDays: ({ event }) => event.output.expiresInDays ?? null }),
            ],
          },
          {
            target: 'leaving',
            description: 'Signed in; back to the service.',
            actions: 'rememberReturnTo',
          },
        ],
        onError: [
          {
            guard: 'isNotSignedIn',
            target: 'signingIn',
            description:
              'The console session had ended, or lacks the second factor the service needs: the form, with the reason.',
            actions: assign({ notice: ({ event }) => signInAgainNotice(event.error) }),
          },
          {
            guard: 'isMustChangePassword',
            target: 'mustChangePassword',
            description: 'The password must be changed first, as in the console.',
          },
          {
            target: 'failed',
            description: 'Refused (locked, disabled, expired sign-in) or the server failed.',
            actions: assign({ error: ({ event }) => serviceSignInFailureMessage(event.error) }),
          },
        ],
      },
    },
    consent: {
      description: 'A third-party service asks for access: its logo, name and scopes.',
      on: {
        'interaction.allow': { target: 'consenting', description: 'Allow was pressed.' },
        'interaction.cancel': {
          target: 'aborting',
          description: 'Cancel was pressed: the service gets no access.',
        },
      },
    },
    consenting: {
      description: 'Records the consent.',
      tags: ['busy'],
      invoke: {
        id: 'consent',
        src: 'consent',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: {
          target: 'leaving',
          description: 'Consent recorded; back to the service.',
          actions: 'rememberReturnTo',
        },
        onError: {
          target: 'failed',
          description: 'The consent was refused or the server failed.',
          actions: assign({ error: ({ event }) => serviceSignInFailureMessage(event.error) }),
        },
      },
    },
    aborting: {
      description: 'Tells the provider the person cancelled.',
      tags: ['busy'],
      invoke: {
        id: 'abort',
        src: 'abort',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: {
          target: 'leaving',
          description: 'Back to the service, which learns that access was denied.',
          actions: 'rememberReturnTo',
        },
        onError: {
          target: 'failed',
          description: 'The cancel failed (the sign-in had expired, or the server failed).',
          actions: assign({ error: ({ event }) => serviceSignInFailureMessage(event.error) }),
        },
      },
    },
    expiryWarning: {
      description: "'Your Password will expire in {n} days' before returning to the service.",
      on: {
        'interaction.continue': {
          target: 'leaving',
          description: 'Continue was pressed.',
        },
      },
    },
    mustChangePassword: {
      description: 'The password must be changed in the console first; a link leads there.',
      tags: ['error'],
      on: {
        'interaction.cancel': {
          target: 'aborting',
          description: 'Cancel was pressed: back to the service without signing in.',
        },
      },
    },
    failed: {
      description: 'Something failed; the message says what. The person may try again.',
      tags: ['error'],
      on: {
        'interaction.retry': { target: 'loading', description: 'Try again was pressed.' },
      },
    },
    leaving: finalState("'Returning to the service...': the browser leaves for the provider.", {
      tags: ['busy'],
      entry: 'goToService',
    }),
  },
})

export type ServiceSignInActor = ActorRefFrom<typeof serviceSignInMachine>
export type ServiceSignInSnapshot = SnapshotFrom<typeof serviceSignInMachine>
