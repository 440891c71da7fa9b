import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { dismissExpiryWarning } from '../../data/prefs/passwordExpiry'
import { daysUntil, onceWarning } from '../machines/onceWarning'

/** SPEC.md §9: the warning shows when fewer days than this are left. */
export const EXPIRY_WARNING_DAYS = 14

/** Whole days until the password expires, rounded up (9.2 days left reads '10 days'). */
export const daysUntilExpiry = daysUntil

export type ExpiryInput = {
  userId: string
  passwordExpiresAt: string | null
  /** An expired or generated password: the forced change on /password handles it instead. */
  mustChangePassword: boolean
  /** 'Later' was pressed earlier in this browser session (data/prefs/passwordExpiry.ts). */
  dismissed: boolean
  now: Date | number
}

type ExpiryContext = {
  userId: string
  /** Whole days left, or null when the password does not expire. */
  daysLeft: number | null
  due: boolean
}

/** What the password-change flow tells its parent when the person leaves it (passwordChange). */
export type PasswordLeftEvent = { type: 'password.left' }

export type ExpiryEvent = { type: 'expiry.later' } | PasswordLeftEvent

function isDue(input: ExpiryInput, daysLeft: number | null): boolean {
  if (input.mustChangePassword || input.dismissed || daysLeft === null) return false
  return daysLeft > 0 && daysLeft < EXPIRY_WARNING_DAYS
}

/**
 * The password-expiry warning (SPEC.md §2, §4): a dialog with the change form and 'Later' when
 * fewer than 14 days are left and this user has not put it off in this browser session. 'Later'
 * or a successful change puts it off for the rest of the session. The form is the change flow
 * (passwordChange.machine.ts), a screen actor of the dialog: it tells this actor (systemId
 * 'passwordExpiry') 'password.left' once the password was changed and its message closed.
 */
export const passwordExpiryMachine = setup({
  types: {
    context: {} as ExpiryContext,
    events: {} as ExpiryEvent,
    input: {} as ExpiryInput,
  },
  guards: { isDue: ({ context }) => context.due },
  actions: {
    rememberDismissal: ({ context }) => dismissExpiryWarning(context.userId),
  },
}).createMachine({
  id: 'passwordExpiry',
  meta: { spec: ['§2.7', '§4.4'] },
  description: 'Warns before the password expires, with the change form in a dialog.',
  context: ({ input }) => {
    const daysLeft = input.passwordExpiresAt
      ? daysUntilExpiry(input.passwordExpiresAt, input.now)
      : null
    return { userId: input.userId, daysLeft, due: isDue(input, daysLeft) }
  },
  initial: 'hidden',
  states: onceWarning({
    show: 'shown',
    says: {
      hidden: 'No dialog: the password is not due, or the warning was put off before.',
      due: 'Fewer than 14 days were left, and the warning was not put off.',
      shown: "'Your Password will expire in {n} days' with the change form and 'Later'.",
    },
    // The change flow reports its own failures in the form; it ends only after a success.
    dismissals: {
      'password.left': 'The password was changed in the dialog and its message closed.',
      'expiry.later': 'Later was pressed (or Escape, or a click outside the dialog).',
    },
  }),
})

export type ExpiryActor = ActorRefFrom<typeof passwordExpiryMachine>
export type ExpirySnapshot = SnapshotFrom<typeof passwordExpiryMachine>
