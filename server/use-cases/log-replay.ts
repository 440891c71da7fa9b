import { logText } from '../../schema/audit-text'
import { ErrorCode } from '../../schema/errors'
import { replayMachineOf, type ReplayMachine, type ReplayResults } from '../../schema/replay'
import { replayInput, replaySteps, type ReplayRow } from '../domain/replay-steps'
import { SECURITY_CODE_TTL_MS } from '../domain/security-codes'
import type { Viewer } from '../domain/user-visibility'
import { ApiError } from '../errors'
import { auditPage, type AuditFilter, type AuditPageRow } from '../repos/audit'
import { auditRowSeenBy, type AuditRowSeen } from '../repos/audit-row'
import type { UseCaseContext } from './context'
import { toLogEvent } from './logs'

/**
 * How long a sign-in lives: a step after a longer pause starts another attempt (the second step
 * of a sign-in expires after as long).
 */
export const ATTEMPT_GAP_MS = SECURITY_CODE_TTL_MS
/** How far either side of the row its attempt is looked for, and how many rows at most. */
const SEARCH_MS = 60 * 60_000
const SEARCH_ROWS = 500

const SIGN_IN = [
  'login',
  'login.verify',
  'login.code_sent',
  'account.locked',
  'account.locked_temporarily',
]
const CANDIDATES: Record<ReplayMachine, string[]> = {
  login: SIGN_IN,
  forgotPassword: ['password.reset_requested'],
  passwordReset: ['password.reset_link', 'password.reset', ...SIGN_IN],
  serviceSignIn: ['oidc.authorize', 'oidc.consent', ...SIGN_IN],
}
/** Where an attempt of the machine begins: what comes before it in the same run is another flow. */
const OPENINGS: Partial<Record<ReplayMachine, string[]>> = {
  passwordReset: ['password.reset_link', 'password.reset'],
}

const opensSession = (row: AuditPageRow) =>
  (row.action === 'login' || row.action === 'login.verify') && row.outcome === 'success'

/** The row after which the machine's attempt is over, whatever follows. */
function ends(machine: ReplayMachine, row: AuditPageRow): boolean {
  const reason = (row.detail ?? {}).reason
  switch (machine) {
    case 'login':
      return opensSession(row) || row.action.startsWith('account.locked')
    case 'passwordReset':
      return opensSession(row) || row.action === 'password.reset_link'
    case 'serviceSignIn':
      return (
        (row.action === 'oidc.authorize' && reason !== 'second factor needed') ||
        (row.action === 'oidc.consent' && row.outcome !== 'success')
      )
    case 'forgotPassword':
      return false
  }
}

// A lock is written in the transaction of the wrong guess that started it, often in the same
// millisecond: it goes after that guess whatever the ids say.
const rank = (row: AuditPageRow) => (row.action.startsWith('account.locked') ? 1 : 0)
const oldestFirst = (a: AuditPageRow, b: AuditPageRow) =>
  a.at.getTime() - b.at.getTime() || rank(a) - rank(b) || a.id.localeCompare(b.id)

/** Who the attempt is about, as the rows name them: the account, or the username or address typed. */
function sameWho(anchor: AuditRowSeen) {
  const detail = anchor.detail ?? {}
  if (anchor.subjectUserId) return () => true
  const named = detail.username ?? detail.email
  return (row: AuditPageRow) =>
    row.subjectId === null && (row.detail?.username ?? row.detail?.email) === named
}

/** The run of rows the anchor is in: cut after an ending row, and at a pause longer than a sign-in. */
function attemptOf(machine: ReplayMachine, rows: AuditPageRow[], anchorId: string) {
  const runs: AuditPageRow[][] = []
  let run: AuditPageRow[] = []
  for (const row of rows) {
    const last = run.at(-1)
    const lockOfLast = last && rank(row) === 1 && row.at.getTime() - last.at.getTime() < 1000
    if (
      last &&
      !lockOfLast &&
      (ends(machine, last) || row.at.getTime() - last.at.getTime() > ATTEMPT_GAP_MS)
    ) {
      runs.push(run)
      run = []
    }
    run.push(row)
  }
  runs.push(run)
  const found = runs.find((r) => r.some((row) => row.id === anchorId)) ?? []
  const openings = OPENINGS[machine]
  if (!openings) return found
  const start = found.findIndex((row) => openings.includes(row.action))
  const anchorAt = found.findIndex((row) => row.id === anchorId)
  return start >= 0 && start <= anchorAt ? found.slice(start) : found.slice(anchorAt)
}

/**
 * GET /v1/logs/{id}/replay: the sign-in attempt the row belongs to, as steps on the statechart
 * that drove it (docs/flows-replay.md). The row and every row of the attempt are read as Logs
 * reads them for `viewer` (logs.read and its scopes): one it may not read is a 404, and the
 * attempt holds only rows it may read.
 */
export async function logReplay(
  ctx: UseCaseContext,
  viewer: Viewer,
  id: string,
): Promise<ReplayResults> {
  const anchor = await auditRowSeenBy(ctx.db, viewer, id)
  if (!anchor) throw new ApiError(ErrorCode.notFound, 'There is no event with this id.')
  const machine = replayMachineOf({
    action: anchor.action,
    actor: anchor.actorUserId ? { id: anchor.actorUserId } : null,
  })
  if (!machine)
    throw new ApiError(
      ErrorCode.notFound,
      'This event is not a step of a sign-in, a password reset or a service sign-in.',
    )
  const filter: AuditFilter = {
    from: new Date(anchor.at.getTime() - SEARCH_MS),
    to: new Date(anchor.at.getTime() + SEARCH_MS),
    actions: CANDIDATES[machine],
    ...(anchor.subjectUserId ? { subjectId: anchor.subjectUserId } : { ip: anchor.ip ?? '' }),
  }
  const who = sameWho(anchor)
  const rows = (await auditPage(ctx.db, viewer, filter, null, SEARCH_ROWS))
    .slice(0, SEARCH_ROWS)
    // Staff's lock is not a step of anyone's sign-in.
    .filter((row) => who(row) && !(row.action === 'account.locked' && row.actorId))
    .sort(oldestFirst)
  const attempt = attemptOf(machine, rows, anchor.id).map((row): ReplayRow => ({
    id: row.id,
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    subjectId: row.subjectId,
    username:
      row.subjectEmail ??
      (typeof row.detail?.username === 'string' ? row.detail.username : null) ??
      (typeof row.detail?.email === 'string' ? row.detail.email : null),
    detail: row.detail ?? {},
    sentence: logText(toLogEvent(row, viewer)),
  }))
  return {
    machine,
    logId: anchor.id,
    input: replayInput(machine),
    steps: replaySteps(machine, attempt),
  }
}
