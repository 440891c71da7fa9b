/**
 * Setting up an app, from the section without one: the account password, the secret (QR code, key,
 * link) and the app's first code, then the recovery codes once when it is the first factor.
 */
import { assign } from 'xstate'
import { INCORRECT_CODE } from './authenticator.messages'
import { authenticatorSetup, failure } from './authenticator.setup'
import { codesStep, passwordRefused, passwordStep } from './authenticator.steps'
import { settledOrFailed } from '../../../kit/machines/settledOrFailed'

/** `notEnrolled` and `settingUp`, spread into the authenticator chart's states. */
export const settingUpStates = {
  notEnrolled: authenticatorSetup.createStateConfig({
    description:
      "No app: what one does, and 'Set up authenticator app' (unless the policy turned apps off).",
    ...settledOrFailed('Starting a setup was refused; why shows.'),
    on: {
      'authenticator.setUp': {
        guard: 'canSetUp',
        target: 'settingUp',
        actions: 'forgetPassword',
        description: "'Set up authenticator app' was pressed: first the account password.",
      },
    },
  }),
  settingUp: authenticatorSetup.createStateConfig({
    description: 'A new app is being set up.',
    tags: ['settingUp'],
    initial: 'askingPassword',
    states: {
      askingPassword: passwordStep('setting up an app', 'starting', '#authenticator.notEnrolled'),
      starting: {
        description: 'The server checks the password and makes a new secret.',
        tags: ['password', 'busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'startSetup',
          src: 'startSetup',
          input: ({ context }) => ({ password: context.password }),
          onDone: {
            target: 'scanning',
            actions: ['forgetPassword', assign({ setup: ({ event }) => event.output, code: '' })],
            description:
              'The server made the secret: the QR code, the key and the code field show.',
          },
          onError: passwordRefused(
            '#authenticator.notEnrolled.failed',
            'notifyNotStarted',
            "The server refused it (apps turned off, too many tries): 'The authenticator app was not set up: …'.",
          ),
        },
      },
      scanning: {
        description:
          "The QR code, the key and the link; the field 'Code from the app' with Verify and Cancel.",
        tags: ['scanning'],
        initial: 'editing',
        states: {
          editing: { description: 'Nothing to report.' },
          rejected: {
            description: "The code was refused: 'Incorrect Code. Try Again.' (or why).",
            tags: ['error'],
          },
        },
        on: {
          'authenticator.codeChanged': {
            actions: 'setCode',
            description: 'A code was typed.',
          },
          'authenticator.verify': {
            guard: 'isCodeComplete',
            target: 'verifying',
            description: 'Verify was pressed with six digits.',
          },
          'authenticator.cancel': {
            target: '#authenticator.notEnrolled',
            actions: 'forgetSetup',
            description: 'Cancel was pressed: no app is set up; the secret is forgotten.',
          },
        },
      },
      verifying: {
        description: 'The server checks the code; Verify and Cancel are off.',
        tags: ['scanning', 'busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'confirmSetup',
          src: 'confirmSetup',
          input: ({ context }) => ({ setupId: context.setup?.setupId ?? '', code: context.code }),
          onDone: [
            {
              guard: { type: 'hasCodes', params: ({ event }) => event.output },
              target: 'savingCodes',
              actions: [
                'forgetSetup',
                { type: 'showCodes', params: ({ event }) => event.output },
                'tellEnrolled',
              ],
              description:
                'The app is set up, and it is the first factor: ten recovery codes show.',
            },
            {
              target: '#authenticator.loading',
              actions: ['forgetSetup', 'tellEnrolled', 'notifyEnrolled'],
              description:
                "The app is set up; the user keeps the recovery codes they had: 'Your authenticator app is set up'.",
            },
          ],
          onError: [
            {
              guard: { type: 'isWrongCode', params: failure },
              target: 'scanning.rejected',
              actions: assign({ error: INCORRECT_CODE, code: '' }),
              description: "The code was wrong: 'Incorrect Code. Try Again.'",
            },
            {
              target: 'scanning.rejected',
              actions: { type: 'refused', params: failure },
              description: 'The server refused it (the setup expired, too many tries): why shows.',
            },
          ],
        },
      },
      savingCodes: codesStep(
        '#authenticator.loading',
        'notifyEnrolled',
        "'Your authenticator app is set up', and the factors are read again",
      ),
    },
  }),
}
