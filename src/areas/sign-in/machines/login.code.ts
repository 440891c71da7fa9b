/**
 * The second step of the login chart: the security code of one of the account's factors, a text
 * message sent on request, and the code checked by the server.
 */
import { assign } from 'xstate'
import { stepFailureMessage } from './login.messages'
import { codeEntry, codeRefused, keepCode, loginSetup, stepOf } from './login.setup'

/** `code`, `sendingText` and `verifying`, spread into the login chart's states. */
export const codeStates = {
  code: loginSetup.createStateConfig({
    meta: { spec: ['§2.3', '§4.2', '§5.1', '§5.6'] },
    description:
      "The 'Two Factor Authentication' step: the code of the factor asked for, and the account's other factors.",
    ...codeEntry,
    on: {
      'mfa.codeChanged': { description: 'The code was typed.', actions: keepCode },
      'mfa.submit': {
        guard: 'canVerify',
        target: 'verifying',
        description:
          'Validate Code was pressed with a code of the right form (six characters; a recovery code XXXXX-XXXXX).',
      },
      'mfa.useMethod': [
        {
          guard: 'needsText',
          target: 'sendingText',
          description: "'Use another method': a text message, none sent yet; one is sent first.",
        },
        {
          guard: 'isOtherMethod',
          target: '.editing',
          description:
            "'Use another method': the authenticator app, a recovery code, or the text already sent.",
          actions: assign({
            method: ({ event }) => event.method,
            code: '',
            error: null,
          }),
        },
      ],
      'mfa.resend': {
        guard: 'canResend',
        target: 'sendingText',
        description:
          "'Resend code': the text did not come; a new code is sent to the same phone for the same sign-in.",
      },
      'mfa.back': {
        target: 'credentials',
        description: 'Back to the username and password.',
        actions: 'forgetStep',
      },
    },
  }),
  sendingText: loginSetup.createStateConfig({
    description: 'Asks the server to send a security code by text message for this step.',
    tags: ['busy'],
    entry: assign({ error: null }),
    invoke: {
      id: 'sendText',
      src: 'sendText',
      input: ({ context }) => stepOf(context),
      onDone: {
        target: 'code.editing',
        description:
          'The text message is on its way: the step asks for its code (a new one, when it was sent again).',
        actions: assign({
          method: 'sms',
          textSent: true,
          code: '',
          // Sent again for the factor already asked: "a new code"; else the first text of the step.
          resent: ({ context }) => context.method === 'sms',
        }),
      },
      onError: {
        target: 'code.rejected',
        description:
          'No text could be sent (three already, too many requests, or the sign-in expired): the message says why.',
        actions: assign({ error: ({ event }) => stepFailureMessage(event.error) }),
      },
    },
  }),
  verifying: loginSetup.createStateConfig({
    description: 'Checks the security code with the server.',
    tags: ['busy'],
    entry: assign({ error: null }),
    invoke: {
      id: 'verifyAccessCode',
      src: 'verifyAccessCode',
      input: ({ context }) => ({
        ...stepOf(context),
        accessCode: context.code,
        method: context.method,
      }),
      onDone: {
        target: 'signedIn',
        actions: 'rememberUsername',
        description: 'The server accepted the code.',
      },
      onError: {
        target: 'code.rejected',
        description: 'The server refused the code; the message says why.',
        actions: codeRefused,
      },
    },
  }),
}
