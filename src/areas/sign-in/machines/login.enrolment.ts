/**
 * The enrolment the policy requires before any session opens: an authenticator app set up during
 * sign-in, then the recovery codes it handed out, shown once.
 */
import { assign } from 'xstate'
import { stepFailureMessage } from './login.messages'
import { codeEntry, codeRefused, keepCode, loginSetup, stepOf } from './login.setup'

/** `enrolment` and `recoveryCodes`, spread into the login chart's states. */
export const enrolmentStates = {
  enrolment: loginSetup.createStateConfig({
    description:
      'The policy requires a second factor: an authenticator app is set up before any session opens.',
    initial: 'preparing',
    states: {
      preparing: {
        description: 'Asks the server for a new authenticator secret.',
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'beginEnrolment',
          src: 'beginEnrolment',
          input: ({ context }) => stepOf(context),
          onDone: {
            target: 'scanning',
            description: 'The QR code, the key and the link show, with the code field.',
            actions: assign({ setup: ({ event }) => event.output }),
          },
          onError: {
            target: '#login.credentials.rejected',
            description: 'The sign-in expired or was refused: back to the form with the message.',
            actions: [
              'forgetStep',
              assign({ error: ({ event }) => stepFailureMessage(event.error) }),
            ],
          },
        },
      },
      scanning: {
        description: "'Set up your authenticator app': scan, then the app's code.",
        ...codeEntry,
        on: {
          'mfa.codeChanged': { description: "The app's code was typed.", actions: keepCode },
          'mfa.submit': {
            guard: 'canConfirmEnrolment',
            target: 'confirming',
            description: 'Verify was pressed with six digits.',
          },
          'mfa.back': {
            target: '#login.credentials',
            description: 'Back to the username and password; nothing was enrolled.',
            actions: 'forgetStep',
          },
        },
      },
      confirming: {
        description: 'Checks the code; a right one enrols the app and opens the session.',
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'confirmEnrolment',
          src: 'confirmEnrolment',
          input: ({ context }) => ({
            ...stepOf(context),
            setupId: context.setup?.setupId ?? '',
            code: context.code,
          }),
          onDone: [
            {
              guard: 'hasRecoveryCodes',
              target: '#login.recoveryCodes',
              description: 'Enrolled, signed in: the recovery codes show once.',
              actions: [
                'forgetStep',
                assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes }),
              ],
            },
            {
              target: '#login.signedIn',
              description: 'Enrolled, signed in; the account kept the recovery codes it had.',
              actions: ['forgetStep', 'rememberUsername'],
            },
          ],
          onError: {
            target: 'scanning.rejected',
            description: 'The server refused the code; the message says why.',
            actions: codeRefused,
          },
        },
      },
    },
  }),
  recoveryCodes: loginSetup.createStateConfig({
    description: "'Save your recovery codes': shown once, with copy and download.",
    on: {
      'codes.savedChanged': {
        description: "'I have saved these codes' was ticked or cleared.",
        actions: assign({ codesSaved: ({ event }) => event.saved }),
      },
      'codes.done': {
        guard: 'codesSaved',
        target: 'signedIn',
        description: "Continue was pressed with 'I have saved these codes' ticked.",
        // The codes stay in the context: the card shows them until the console replaces it.
        actions: 'rememberUsername',
      },
    },
  }),
}
