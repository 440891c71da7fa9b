import { defaultErrorMessage, ErrorCode } from '../../schema/errors'
import type { ReplayError, ReplayEvent, ReplayStep } from '../../schema/replay'
import { lockSecondsLeft, temporaryLockMessage } from './lockout'

/*
 * What every chart's replay reads of an audit row (docs/flows-replay.md): the row itself, the
 * answer a refused step got, and a step as the replay answers it. Pure.
 */

/** One audit row as the replay reads it; `sentence` is its Logs sentence. */
export interface ReplayRow {
  id: string
  at: Date
  action: string
  outcome: 'success' | 'failure' | 'refused'
  subjectId: string | null
  /** The subject's email, or the username typed for an account that does not exist. */
  username: string | null
  detail: Record<string, unknown>
  sentence: string
}

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

export const error = (code: ErrorCode, status: number, message?: string): ReplayError => ({
  status,
  code,
  message: message ?? defaultErrorMessage[code],
})

export const INCORRECT_LOGIN = error(ErrorCode.incorrectLogin, 401)
export const INCORRECT_CODE = error(ErrorCode.incorrectCode, 401)
export const LOCKED = error(ErrorCode.accountLocked, 403)
export const DISABLED = error(ErrorCode.accountDisabled, 403)
export const THROTTLED = error(ErrorCode.throttled, 429)
export const LINK_EXPIRED = error(ErrorCode.resetLinkInvalid, 400)

const LOCK_ACTIONS = ['account.locked', 'account.locked_temporarily']
const isLock = (row: ReplayRow | undefined) => !!row && LOCK_ACTIONS.includes(row.action)

/**
 * The answer a refused step got. A wrong guess that started a lock was answered with the lock's
 * message (the lock row follows it in the same transaction); a refusal before any check says why.
 */
export function refusal(
  row: ReplayRow,
  next: ReplayRow | undefined,
  wrong: ReplayError,
): ReplayError {
  if (row.outcome === 'refused') {
    const reason = str(row.detail.reason)
    if (reason === 'locked') return LOCKED
    if (reason === 'disabled') return DISABLED
    return THROTTLED
  }
  if (next?.action === 'account.locked') return LOCKED
  if (next?.action === 'account.locked_temporarily') {
    const until = str(next.detail.until)
    const seconds = until ? lockSecondsLeft(new Date(until), next.at) : 0
    return seconds > 0 ? error(ErrorCode.throttled, 429, temporaryLockMessage(seconds)) : THROTTLED
  }
  return wrong
}

export const step = (
  row: ReplayRow,
  events: ReplayEvent[],
  note: string | null = null,
): ReplayStep => ({
  logId: row.id,
  at: row.at.toISOString(),
  action: row.action,
  outcome: row.outcome,
  sentence: row.sentence,
  events,
  note,
})

/** A step no row records on its own, implied by the row after it. */
export const implied = (
  row: ReplayRow,
  action: string,
  sentence: string,
  events: ReplayEvent[],
) => ({
  ...step(row, events, 'Not recorded on its own: the row after it shows it happened.'),
  logId: null,
  action,
  outcome: 'success' as const,
  sentence,
})

export const lockNote = (rows: ReplayRow[], index: number) =>
  index > 0 && !isLock(rows[index - 1]) && rows[index - 1]!.outcome === 'failure'
    ? 'Recorded with the refusal before it, which the server answered with the lock.'
    : 'The lock moves nothing on the form by itself; the next attempt is refused.'

/** Why a step of the login chart running inside another chart moves nothing there. */
export const INSIDE_LOGIN =
  'A step of the login statechart inside this one; this chart waits until the sign-in ends.'
