import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The Status section's actions (and the Sessions section's Revoke all), as its buttons name them. */
export const STATUS_ACTIONS = [
  'lock',
  'unlock',
  'disable',
  'enable',
  'reset-link',
  'require-password-change',
  'mfa-off',
  'remove-passkeys',
  'revoke-sessions',
] as const
export type StatusAction = (typeof STATUS_ACTIONS)[number]

/** The user as the notices and dialogs name them. */
export type Named = { name: string; email: string }

/** What a finished action reports: how many passkeys or sessions went, whether unlocked. */
export type StatusOutcome = { removed?: number; unlocked?: boolean }

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

type Words = {
  /** The button, and the dialog's confirming button. */
  label: string
  title: (u: Named) => string
  text: (u: Named) => string
  done: (u: Named, outcome: StatusOutcome) => string
  notDone: (u: Named) => string
  color?: 'red'
}

/** Each action's words: its button, its confirmation, and its notices. */
export const STATUS_WORDS: Record<StatusAction, Words> = {
  lock: {
    label: 'Lock',
    title: (u) => `Lock ${u.name}?`,
    text: (u) => `${u.name} will not be able to sign in until the account is unlocked.`,
    done: (u) => `${u.name} was locked.`,
    notDone: (u) => `${u.name} was not locked`,
    color: 'red',
  },
  unlock: {
    label: 'Unlock',
    title: (u) => `Unlock ${u.name}?`,
    text: (u) => `${u.name} can sign in again; a password reset email goes to ${u.email}.`,
    done: (u, outcome) =>
      outcome.unlocked === false
        ? `${u.name} was not locked.`
        : `${u.name} was unlocked. A password reset email was sent.`,
    notDone: (u) => `${u.name} was not unlocked`,
  },
  disable: {
    label: 'Disable',
    title: (u) => `Disable ${u.name}?`,
    text: (u) => `${u.name} will not be able to sign in, and their sessions end.`,
    done: (u) => `${u.name} was disabled.`,
    notDone: (u) => `${u.name} was not disabled`,
    color: 'red',
  },
  enable: {
    label: 'Enable',
    title: (u) => `Enable ${u.name}?`,
    text: (u) => `${u.name} will be able to sign in again.`,
    done: (u) => `${u.name} was enabled.`,
    notDone: (u) => `${u.name} was not enabled`,
  },
  'reset-link': {
    label: 'Send reset link',
    title: (u) => `Send a reset link to ${u.name}?`,
    text: (u) => `An email with a link to choose a new password goes to ${u.email}.`,
    done: (u) => `A password reset link was sent to ${u.email}.`,
    notDone: () => 'The reset link was not sent',
  },
  'require-password-change': {
    label: 'Require password change',
    title: (u) => `Require a password change of ${u.name}?`,
    text: (u) => `${u.name} must choose a new password at the next sign-in.`,
    done: (u) => `${u.name} must choose a new password at the next sign-in.`,
    notDone: () => 'The password change was not required',
  },
  'mfa-off': {
    label: 'Turn off two-factor',
    title: (u) => `Turn off two-factor for ${u.name}?`,
    text: (u) => `${u.name} will sign in with the password alone, without a security code.`,
    done: (u) => `Two-factor authentication is off for ${u.name}.`,
    notDone: () => 'Two-factor authentication was not turned off',
    color: 'red',
  },
  'remove-passkeys': {
    label: 'Remove passkeys',
    title: (u) => `Remove the passkeys of ${u.name}?`,
    text: (u) => `${u.name} will need the password to sign in, and can register passkeys again.`,
    done: (u, outcome) => `Removed ${plural(outcome.removed ?? 0, 'passkey')} of ${u.name}.`,
    notDone: () => 'The passkeys were not removed',
    color: 'red',
  },
  'revoke-sessions': {
    label: 'Revoke all',
    title: (u) => `Revoke all sessions of ${u.name}?`,
    text: (u) => `${u.name} will be signed out on every device.`,
    done: (u, outcome) => `Revoked ${plural(outcome.removed ?? 0, 'session')} of ${u.name}.`,
    notDone: () => 'The sessions were not revoked',
    color: 'red',
  },
}

export const statusDoneNotice = (action: StatusAction, u: Named, outcome: StatusOutcome) =>
  succeeded(STATUS_WORDS[action].done(u, outcome))

export const statusFailedNotice = (action: StatusAction, u: Named, reason: string | null) =>
  failed(STATUS_WORDS[action].notDone(u), reason)
