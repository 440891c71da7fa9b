/**
 * The two steps the authenticator chart repeats for each of its changes: the dialog that asks for
 * the account password, and the recovery codes shown once behind "I have saved these codes".
 * Plain state configs: the chart's setup (authenticator.setup.ts) owns the actions and guards they name.
 */
import { failure } from './authenticator.setup'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

/**
 * A dialog asks for the account password before `what`; Continue goes to `sending`, Cancel (or
 * Escape, or a click outside) back to `back`, with nothing changed.
 */
export const passwordStep = (what: string, sending: string, back: string) =>
  ({
    description: `A dialog asks for the account password before ${what}.`,
    tags: ['password'],
    ...quietOrFailed('editing', 'rejected', {
      failed: 'The password was wrong; the dialog says so.',
    }),
    on: {
      'authenticator.passwordChanged': {
        actions: 'setPassword',
        description: 'The password was typed.',
      },
      'authenticator.submit': {
        guard: 'canSubmit',
        target: sending,
        description: 'Continue was pressed with a password of valid length.',
      },
      'authenticator.cancel': {
        target: back,
        actions: 'forgetPassword',
        description: 'Cancel, Escape or a click outside: nothing changed.',
      },
    },
  }) as const

/**
 * The recovery codes, shown this once: copy, download, and "I have saved these codes" before Done
 * is on. Done forgets them and goes to `next` with the notice `notice`.
 */
export const codesStep = <const N extends string>(next: string, notice: N, after: string) =>
  ({
    description:
      'The recovery codes show once, with Copy and Download; Done is on once "I have saved these codes" is ticked.',
    tags: ['codes'],
    on: {
      'authenticator.savedChanged': {
        actions: 'setSaved',
        description: '"I have saved these codes" was ticked or unticked.',
      },
      'authenticator.done': {
        guard: 'isSaved',
        target: next,
        actions: ['forgetCodes', notice],
        description: `Done was pressed: the codes are gone from the screen; ${after}.`,
      },
    },
  }) as const

/**
 * The server refused a change behind the password dialog: a wrong password reopens the dialog
 * with why; any other refusal closes it (`failed`), says why, and sends the notice `notice`.
 */
export const passwordRefused = <const N extends string>(
  failed: string,
  notice: N,
  description: string,
) =>
  [
    {
      guard: { type: 'isWrongPassword', params: failure },
      target: 'askingPassword.rejected',
      actions: { type: 'refused', params: failure },
      description: 'The server refused the password: the dialog says so.',
    },
    {
      target: failed,
      actions: ['forgetPassword', { type: 'refused', params: failure }, notice],
      description,
    },
  ] as const
