/**
 * The authenticator chart's vocabulary and effects: its context and events, and the one `setup`
 * (actors, guards, actions) its state files build on (authenticator.machine.ts).
 */
import { assign, fromPromise, setup } from 'xstate'
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
  isCompleteCode,
  isWrongCode,
  normalizeCode,
} from './authenticator.messages'
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
/** The error of an actor's ending, as the params of `refused` and the `isWrong…` guards. */
export const failure = ({ event }: Failure) => event.error

/** The chart's implementations; each state file passes its states through `createStateConfig`. */
export const authenticatorSetup = setup({
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
})
