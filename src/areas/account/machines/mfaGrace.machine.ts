import { fromCallback, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate'
import { dismissMfaGrace, isMfaGraceDismissed } from '../../../data/prefs/mfaGrace'
import { daysUntil, onceWarning } from '../../../kit/machines/onceWarning'
import { SYSTEM_ID } from '../../../kit/machines/system'

export type MfaGraceInput = {
  userId: string
  /** `/v1/self`'s mfaGraceUntil: the policy requires a factor the user lacks until then. */
  graceUntil: string | null
  /**
   * 'Later' or 'Set up now' was pressed earlier in this browser session; read from
   * data/prefs/mfaGrace.ts when not given.
   */
  dismissed?: boolean
  /** The clock; now when not given. */
  now?: Date | number
}

type MfaGraceContext = {
  userId: string
  graceUntil: string | null
  /** Whole days left, rounded up; null without a grace period. */
  daysLeft: number | null
  due: boolean
}

export type MfaGraceEvent =
  { type: 'mfaGrace.expiryClosed' } | { type: 'mfaGrace.setUp' } | { type: 'mfaGrace.later' }

type System = { get: (systemId: string) => AnyActorRef | undefined }

/**
 * Says when the password-expiry dialog (the session's `passwordExpiry` child) is not open, or
 * once it closes: the two warnings never show at the same moment, the password's first.
 */
const watchExpiry = fromCallback<MfaGraceEvent>(({ sendBack, system }) => {
  const expiry = (system as System).get(SYSTEM_ID.passwordExpiry)
  let told = false
  const check = (snapshot: unknown) => {
    const open = (snapshot as { hasTag?: (tag: string) => boolean } | undefined)?.hasTag?.('open')
    if (told || open) return
    told = true
    sendBack({ type: 'mfaGrace.expiryClosed' })
  }
  const subscription = expiry?.subscribe(check)
  check(expiry?.getSnapshot())
  return () => subscription?.unsubscribe()
})

const warning = onceWarning({
  show: 'waiting',
  says: {
    hidden: 'No dialog: nothing is required of the user, or the warning was put off before.',
    due: 'A second factor is required and the grace period runs; not put off yet.',
    shown: "'Set up a second factor by …' with 'Set up now' and 'Later'.",
  },
  dismissals: {
    'mfaGrace.setUp': "'Set up now' was pressed: the Profile opens, where the app is set up.",
    'mfaGrace.later': 'Later was pressed (or Escape, or a click outside the dialog).',
  },
})

/**
 * The second-factor grace warning (issue 28): when the policy requires a factor the signed-in
 * user lacks and the grace period still runs, a dialog says by when to set one up, once per
 * browser session. 'Set up now' (the view goes to /profile) or 'Later' puts it off until the
 * browser closes. It waits while the password-expiry dialog is open.
 */
export const mfaGraceMachine = setup({
  types: {
    context: {} as MfaGraceContext,
    events: {} as MfaGraceEvent,
    input: {} as MfaGraceInput,
  },
  actors: { watchExpiry },
  guards: { isDue: ({ context }) => context.due },
  actions: { rememberDismissal: ({ context }) => dismissMfaGrace(context.userId) },
}).createMachine({
  id: 'mfaGrace',
  description: 'Warns, once per browser session, by when a second factor must be set up.',
  context: ({ input }) => {
    const daysLeft = input.graceUntil ? daysUntil(input.graceUntil, input.now ?? Date.now()) : null
    const dismissed = input.dismissed ?? isMfaGraceDismissed(input.userId)
    return {
      userId: input.userId,
      graceUntil: input.graceUntil,
      daysLeft,
      due: !dismissed && daysLeft !== null && daysLeft > 0,
    }
  },
  initial: 'hidden',
  states: {
    hidden: warning.hidden,
    waiting: {
      description: 'The password-expiry dialog is open; this warning comes after it.',
      invoke: { id: 'watchExpiry', src: 'watchExpiry' },
      on: {
        'mfaGrace.expiryClosed': {
          target: 'shown',
          description: 'No password-expiry dialog is open (any more).',
        },
      },
    },
    shown: warning.shown,
    dismissed: warning.dismissed,
  },
})

export type MfaGraceActor = ActorRefFrom<typeof mfaGraceMachine>
export type MfaGraceSnapshot = SnapshotFrom<typeof mfaGraceMachine>
