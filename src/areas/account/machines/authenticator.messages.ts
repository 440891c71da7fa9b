import { ErrorCode } from '../../../../schema/errors'
import type { OwnFactorsResults } from '../../../../schema/factors'
import { isApiError } from '../../../data/api/ApiError'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** SPEC.md §8 'Wrong 2FA code': the words the code step shows for a wrong code from the app. */
export const INCORRECT_CODE = 'Incorrect Code. Try Again.'

/** True when the server refused the code from the app (803). */
export const isWrongCode = (error: unknown): boolean =>
  isApiError(error) && error.code === ErrorCode.incorrectCode

/** A code as the app shows it may come with a space in the middle ('123 456'). */
export const normalizeCode = (value: string) => value.replace(/\s+/g, '')

/** Six digits, as the server's TOTP_CODE_PATTERN asks. */
export const isCompleteCode = (code: string) => /^\d{6}$/.test(code)

/** Whether the policy lets this user set up a new app ('off' refuses it on the server too). */
export const canSetUpApp = (factors: OwnFactorsResults | null) =>
  factors !== null && factors.authenticator === null && factors.policy.mode !== 'off'

/** The section's words, shared by the view, the paths module and the tests. */
export const AUTHENTICATOR_WORDS = {
  title: 'Authenticator app',
  setUp: 'Set up authenticator app',
  intro:
    'An authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) gives a new six-digit code every 30 seconds. With one set up, signing in asks for that code after your password.',
  off: 'Your administrator has turned authenticator apps off for your type of account.',
  /** `by`: the end of the grace period, formatted; null when none is running. */
  required: (by: string | null) =>
    by
      ? `Your organisation requires a second factor. Set one up by ${by}; after that, sign-in will ask you to.`
      : 'Your organisation requires a second factor.',
  codeLabel: 'Code from the app',
  readFailed: 'Your second factors could not be read',
  dialog: {
    setUp: 'Set Up Authenticator App',
    remove: 'Remove Authenticator App',
    regenerate: 'Regenerate Recovery Codes',
  },
  dialogText: {
    setUp: 'Enter your password to set up an authenticator app.',
    remove:
      'Enter your password to remove your authenticator app. Sign-in will no longer ask for its codes.',
    regenerate: 'Enter your password to get ten new recovery codes. Your old codes stop working.',
  },
  codesLeft: (n: number) => `${n} recovery ${n === 1 ? 'code' : 'codes'} left`,
}

/** The section's notifications; a wrong password stays in the dialog, a wrong code in the step. */
export const authenticatorNotices = {
  enrolled: succeeded('Your authenticator app is set up'),
  notStarted: (reason: string | null) => failed('The authenticator app was not set up', reason),
  removed: succeeded('Your authenticator app was removed'),
  notRemoved: (reason: string | null) => failed('The authenticator app was not removed', reason),
  regenerated: succeeded('New recovery codes replace your old ones'),
  notRegenerated: (reason: string | null) => failed('No new recovery codes were made', reason),
}
