import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { AuthenticatorSetupResults, OwnFactorsResults } from '../../../../schema/factors'
import { validatePassword } from '../../../../schema/rules'
import {
  confirmAuthenticatorSetup,
  readOwnFactors,
  regenerateRecoveryCodes,
  removeAuthenticator,
  startAuthenticatorSetup,
} from '../../../data/api/factors'
import {
  authenticatorNotices,
  canSetUpApp,
  INCORRECT_CODE,
  isCompleteCode,
  isWrongCode,
  normalizeCode,
} from './authenticator.messages'
import { codesStep, passwordStep } from './authenticator.steps'
import { isWrongPassword } from './biometric.messages'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify, tellSession } from '../../../kit/machines/system'

type AuthenticatorContext = {
  /** As last read from GET /v1/factors; null until the first read answers. */
  factors: OwnFactorsResults | null
  /** The account password typed into the dialog; forgotten when the dialog closes. */
  password: string
  /** The secret waiting for its first code; forgotten when the setup ends either way. */
  setup: AuthenticatorSetupResults | null
  /** The code typed from the app, without spaces. */
  code: string
  /** Recovery codes the server answered, shown this once. */
  codes: string[]
  /** "I have saved these codes" is ticked. */
  saved: boolean
  /** Why the last step was refused, in words. */
  error: string | null
}

export type AuthenticatorEvent =
  | { type: 'authenticator.retry' }
  | { type: 'authenticator.setUp' }
  | { type: 'authenticator.remove' }
  | { type: 'authenticator.regenerate' }
  | { type: 'authenticator.passwordChanged'; value: string }
  | { type: 'authenticator.submit' }
  | { type: 'authenticator.cancel' }
  | { type: 'authenticator.codeChanged'; value: string }
  | { type: 'authenticator.verify' }
  | { type: 'authenticator.savedChanged'; value: boolean }
  | { type: 'authenticator.done' }

type Notice = { context: AuthenticatorContext }
type Failure = { event: { error: unknown } }
const failure = ({ event }: Failure) => event.error

/**
 * The Profile's 'Authenticator app' section (issue 28, docs/second-factors.md 'Profile'): reads
 * what the user has (GET /v1/factors), sets up an app (the password, then the secret and a code
 * from the app, then the recovery codes once), removes it, and regenerates the recovery codes.
 * Every change asks for the account password first; a wrong one keeps the dialog open with the
 * server's message, any other refusal closes it and says why under the section.
 */
export const authenticatorMachine = setup({
  types: {
    context: {} as AuthenticatorContext,
    events: {} as AuthenticatorEvent,
  },
  actors: {
    readFactors: fromPromise<OwnFactorsResults>(({ signal }) => readOwnFactors({ signal })),
    startSetup: fromPromise<AuthenticatorSetupResults, { password: string }>(({ input, signal }) =>
      startAuthenticatorSetup(input.password, { signal }),
    ),
    confirmSetup: fromPromise<string[], { setupId: string; code: string }>(({ input, signal }) =>
      confirmAuthenticatorSetup(input, { signal }),
    ),
    removeApp: fromPromise<void, { password: string }>(({ input, signal }) =>
      removeAuthenticator(input.password, { signal }),
    ),
    regenerateCodes: fromPromise<string[], { password: string }>(({ input, signal }) =>
      regenerateRecoveryCodes(input.password, { signal }),
    ),
  },
  guards: {
    isEnrolled: (_, factors: OwnFactorsResults) => factors.authenticator !== null,
    canSetUp: ({ context }) => canSetUpApp(context.factors),
    canSubmit: ({ context }) => !validatePassword(context.password),
    isCodeComplete: ({ context }) => isCompleteCode(context.code),
    hasCodes: (_, codes: string[]) => codes.length > 0,
    isSaved: ({ context }) => context.saved,
    isWrongPassword: (_, error: unknown) => isWrongPassword(error),
    isWrongCode: (_, error: unknown) => isWrongCode(error),
  },
  actions: {
    setPassword: assign({
      password: ({ event }) => (event.type === 'authenticator.passwordChanged' ? event.value : ''),
    }),
    forgetPassword: assign({ password: '', error: null }),
    setCode: assign({
      code: ({ event }) =>
        event.type === 'authenticator.codeChanged' ? normalizeCode(event.value) : '',
    }),
    forgetSetup: assign({ setup: null, code: '', error: null }),
    setSaved: assign({
      saved: ({ event }) => event.type === 'authenticator.savedChanged' && event.value,
    }),
    showCodes: assign((_, codes: string[]) => ({ codes, saved: false })),
    forgetCodes: assign({ codes: [], saved: false }),
    refused: assign((_, error: unknown) => ({ error: serverMessage(error) })),
    // The user's fields change with the app: the shell's user follows, and a grace warning ends.
    tellEnrolled: tellSession(() => ({
      type: 'self.updated',
      changes: { authenticator: true, mfaGraceUntil: null },
    })),
    tellRemoved: tellSession(() => ({ type: 'self.updated', changes: { authenticator: false } })),
    notifyEnrolled: notify(authenticatorNotices.enrolled),
    notifyNotStarted: notify(({ context }: Notice) =>
      authenticatorNotices.notStarted(context.error),
    ),
    notifyRemoved: notify(authenticatorNotices.removed),
    notifyNotRemoved: notify(({ context }: Notice) =>
      authenticatorNotices.notRemoved(context.error),
    ),
    notifyRegenerated: notify(authenticatorNotices.regenerated),
    notifyNotRegenerated: notify(({ context }: Notice) =>
      authenticatorNotices.notRegenerated(context.error),
    ),
  },
}).createMachine({
  id: 'authenticator',
  description: "The Profile's authenticator app: set up, removed, and its recovery codes.",
  context: {
    factors: null,
    password: '',
    setup: null,
    code: '',
    codes: [],
    saved: false,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The factors are read from the server; 'Loading…' shows in the section.",
      tags: ['busy'],
      invoke: {
        id: 'readFactors',
        src: 'readFactors',
        onDone: [
          {
            guard: { type: 'isEnrolled', params: ({ event }) => event.output },
            target: 'enrolled',
            actions: assign({ factors: ({ event }) => event.output, error: null }),
            description: 'The user has an app: when it was enrolled and last used show.',
          },
          {
            target: 'notEnrolled',
            actions: assign({ factors: ({ event }) => event.output, error: null }),
            description: 'The user has no app: what one is, and how to set it up.',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'refused', params: failure },
          description: "The read failed: 'Your second factors could not be read' and Retry.",
        },
      },
    },
    failed: {
      description: 'The read failed: the reason and Retry show.',
      tags: ['error'],
      on: { 'authenticator.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    notEnrolled: {
      description:
        "No app: what one does, and 'Set up authenticator app' (unless the policy turned apps off).",
      initial: 'settled',
      states: {
        settled: { description: 'Nothing to report.' },
        failed: { description: 'Starting a setup was refused; why shows.', tags: ['error'] },
      },
      on: {
        'authenticator.setUp': {
          guard: 'canSetUp',
          target: 'settingUp',
          actions: 'forgetPassword',
          description: "'Set up authenticator app' was pressed: first the account password.",
        },
      },
    },
    settingUp: {
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
            onError: [
              {
                guard: { type: 'isWrongPassword', params: failure },
                target: 'askingPassword.rejected',
                actions: { type: 'refused', params: failure },
                description: 'The server refused the password: the dialog says so.',
              },
              {
                target: '#authenticator.notEnrolled.failed',
                actions: [
                  'forgetPassword',
                  { type: 'refused', params: failure },
                  'notifyNotStarted',
                ],
                description:
                  "The server refused it (apps turned off, too many tries): 'The authenticator app was not set up: …'.",
              },
            ],
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
                description:
                  'The server refused it (the setup expired, too many tries): why shows.',
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
    },
    enrolled: {
      description:
        "'Enrolled …', 'Last used …' (or Never), Remove; 'N recovery codes left' and Regenerate.",
      tags: ['enrolled'],
      initial: 'settled',
      states: {
        settled: { description: 'Nothing to report.' },
        failed: { description: 'The last change was refused; why shows.', tags: ['error'] },
      },
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
    },
    removing: {
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
            onError: [
              {
                guard: { type: 'isWrongPassword', params: failure },
                target: 'askingPassword.rejected',
                actions: { type: 'refused', params: failure },
                description: 'The server refused the password: the dialog says so.',
              },
              {
                target: '#authenticator.enrolled.failed',
                actions: [
                  'forgetPassword',
                  { type: 'refused', params: failure },
                  'notifyNotRemoved',
                ],
                description:
                  "The server refused it (the policy requires a second factor: 422): 'The authenticator app was not removed: …'.",
              },
            ],
          },
        },
      },
    },
    regenerating: {
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
              actions: [
                'forgetPassword',
                { type: 'showCodes', params: ({ event }) => event.output },
              ],
              description: 'The new codes replace every old one; they show this once.',
            },
            onError: [
              {
                guard: { type: 'isWrongPassword', params: failure },
                target: 'askingPassword.rejected',
                actions: { type: 'refused', params: failure },
                description: 'The server refused the password: the dialog says so.',
              },
              {
                target: '#authenticator.enrolled.failed',
                actions: [
                  'forgetPassword',
                  { type: 'refused', params: failure },
                  'notifyNotRegenerated',
                ],
                description: "The server refused it: 'No new recovery codes were made: …'.",
              },
            ],
          },
        },
        savingCodes: codesStep(
          '#authenticator.loading',
          'notifyRegenerated',
          "'New recovery codes replace your old ones', and the factors are read again",
        ),
      },
    },
  },
})

export type AuthenticatorActor = ActorRefFrom<typeof authenticatorMachine>
export type AuthenticatorSnapshot = SnapshotFrom<typeof authenticatorMachine>
