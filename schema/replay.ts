import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'
import { Outcome } from './logs'

/*
 * GET /v1/logs/{id}/replay (docs/flows-replay.md): the sign-in attempt a Logs row belongs to, as
 * the steps the audit log recorded, each with the events it stands for on the console's statechart
 * that drove it. The Flows page plays them on the production machine with its effects stubbed.
 * Nothing secret is in it: what a person typed is never recorded, so the typed events carry the
 * placeholders below.
 */

/** The statecharts a replay plays on (src/areas/sign-in/machines). */
export const ReplayMachines = ['login', 'forgotPassword', 'passwordReset', 'serviceSignIn'] as const
export const ReplayMachine = LiteralUnion(ReplayMachines)
export type ReplayMachine = Static<typeof ReplayMachine>

/**
 * What a typed password stands as in a replay: the audit log never holds one. It passes the login's
 * rule and the new-password policy, so the replayed form accepts it as it accepted the real one.
 */
export const HIDDEN_PASSWORD = 'Not•Recorded1'
/** A typed security code (six characters, as the step's rule asks). */
export const HIDDEN_CODE = '••••••'
/** A typed recovery code, in its shape. */
export const HIDDEN_RECOVERY_CODE = 'XXXXX-XXXXX'

/** An error a replayed actor ended with: the envelope's code and message, as the console's ApiError. */
export const ReplayError = Type.Object({
  status: Type.Integer(),
  code: Type.Integer(),
  message: Type.String(),
})
export type ReplayError = Static<typeof ReplayError>

/**
 * One event for the statechart: a person's (`login.submit`, a typed value), or an invoked actor's
 * ending (`xstate.done.actor.signIn` with what it answered, `xstate.error.actor.verifyAccessCode`
 * with the error).
 */
export const ReplayEvent = Type.Object({
  type: Type.String(),
  value: Type.Optional(Type.String()),
  method: Type.Optional(Type.String()),
  output: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  error: Type.Optional(ReplayError),
})
export type ReplayEvent = Static<typeof ReplayEvent>

/** One recorded step of the attempt, oldest first. */
export const ReplayStep = Type.Object({
  /** The audit row; null for a step the rows imply but no row records (a password accepted before an authenticator code). */
  logId: Type.Union([Id, Type.Null()]),
  at: Timestamp,
  action: Type.String(),
  outcome: Outcome,
  /** The Logs sentence of the row (schema/audit-text.ts), or what the next row implies. */
  sentence: Type.String(),
  /** The statechart's events this step stands for, in order; empty when it moves nothing there. */
  events: Type.Array(ReplayEvent),
  /** Why a step moves nothing, or what it leaves out; null when there is nothing to add. */
  note: Type.Union([Type.String(), Type.Null()]),
})
export type ReplayStep = Static<typeof ReplayStep>

export const ReplayResults = Type.Object({
  machine: ReplayMachine,
  /** The row the replay was asked for. */
  logId: Id,
  /** The statechart's input at the start of the attempt (placeholders where it would be a secret). */
  input: Type.Record(Type.String(), Type.Unknown()),
  steps: Type.Array(ReplayStep),
})
export type ReplayResults = Static<typeof ReplayResults>

/** What a row must say for replayMachineOf: its action and, for a lock, whether staff did it. */
export type ReplayableRow = { action: string; actor: { id: string } | null }

const BY_ACTION: Record<string, ReplayMachine> = {
  login: 'login',
  'login.verify': 'login',
  'login.code_sent': 'login',
  'account.locked_temporarily': 'login',
  'password.reset_requested': 'forgotPassword',
  'password.reset_link': 'passwordReset',
  'password.reset': 'passwordReset',
  'oidc.authorize': 'serviceSignIn',
  'oidc.consent': 'serviceSignIn',
}

/**
 * The statechart a Logs row's attempt was driven by, or null when the row is not a step of a
 * sign-in (a sign-out, a staff lock, a token grant…). A lock nobody did is the lockout of a
 * sign-in; staff's lock names its actor.
 */
export function replayMachineOf(row: ReplayableRow): ReplayMachine | null {
  if (row.action === 'account.locked') return row.actor ? null : 'login'
  return BY_ACTION[row.action] ?? null
}
