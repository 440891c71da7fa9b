/**
 * The section with an app: removing it, or making new recovery codes, each behind the account
 * password; a refusal other than a wrong password closes the dialog and says why.
 */
import { assign } from 'xstate'
import { authenticatorSetup } from './authenticator.setup'
import { codesStep, passwordRefused, passwordStep } from './authenticator.steps'
import { settledOrFailed } from '../../../kit/machines/settledOrFailed'

/** `enrolled`, `removing` and `regenerating`, spread into the authenticator chart's states. */
export const enrolledStates = {
  enrolled: authenticatorSetup.createStateConfig({
    description:
      "'Enrolled …', 'Last used …' (or Never), Remove; 'N recovery codes left' and Regenerate.",
    tags: ['enrolled'],
    ...settledOrFailed('The last change was refused; why shows.'),
    on: {
      'authenticator.remove': {
        target: 'removing',
        actions: 'forgetPassword',
        description: 'Remove was pressed: first the account password.',
      },
      'authenticator.regenerate': {
        target: 'regenerating',
        actions: 'forgetPassword',
        description: 'Regenerate was pressed: first the account password.',
      },
    },
  }),
  removing: authenticatorSetup.createStateConfig({
    description: 'The app is being removed.',
    tags: ['enrolled', 'removing'],
    initial: 'askingPassword',
    states: {
      askingPassword: passwordStep('removing the app', 'sending', '#authenticator.enrolled'),
      sending: {
        description: 'The server checks the password and removes the app.',
        tags: ['password', 'busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'removeApp',
          src: 'removeApp',
          input: ({ context }) => ({ password: context.password }),
          onDone: {
            target: '#authenticator.loading',
            actions: ['forgetPassword', 'tellRemoved', 'notifyRemoved'],
            description:
              "The app is gone: 'Your authenticator app was removed', and the factors are read again.",
          },
          onError: passwordRefused(
            '#authenticator.enrolled.failed',
            'notifyNotRemoved',
            "The server refused it (the policy requires a second factor: 422): 'The authenticator app was not removed: …'.",
          ),
        },
      },
    },
  }),
  regenerating: authenticatorSetup.createStateConfig({
    description: 'New recovery codes are being made.',
    tags: ['enrolled', 'regenerating'],
    initial: 'askingPassword',
    states: {
      askingPassword: passwordStep(
        'making new recovery codes',
        'sending',
        '#authenticator.enrolled',
      ),
      sending: {
        description: 'The server checks the password and makes ten new codes.',
        tags: ['password', 'busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'regenerateCodes',
          src: 'regenerateCodes',
          input: ({ context }) => ({ password: context.password }),
          onDone: {
            target: 'savingCodes',
            actions: ['forgetPassword', { type: 'showCodes', params: ({ event }) => event.output }],
            description: 'The new codes replace every old one; they show this once.',
          },
          onError: passwordRefused(
            '#authenticator.enrolled.failed',
            'notifyNotRegenerated',
            "The server refused it: 'No new recovery codes were made: …'.",
          ),
        },
      },
      savingCodes: codesStep(
        '#authenticator.loading',
        'notifyRegenerated',
        "'New recovery codes replace your old ones', and the factors are read again",
      ),
    },
  }),
}
