import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server'
import { ErrorCode } from '../../schema/errors'
import type {
  PasskeyRegistrationBody,
  PasskeyRegistrationOptionsResults,
} from '../../schema/passkeys'
import type { Config } from '../config'
import type { PasskeyRow } from '../db/schema/passkeys'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { passkeyLabel } from '../domain/passkey-label'
import { ApiError, conflict, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  type ChallengePurpose,
  consumeChallenge,
  deletePasskey,
  deletePasskeys,
  insertChallenge,
  insertPasskey,
  listPasskeys,
} from '../repos/passkeys'
import type { UseCaseContext } from './context'
import { recheckForChange } from './recheck'
import { isUniqueViolation } from './unique-violation'

/** How long a ceremony may take: the stored challenge and the browser's timeout alike. */
export const CHALLENGE_TTL_MS = 5 * 60_000

/**
 * The WebAuthn relying party is PUBLIC_URL (DESIGN.md §3): its host name is the RP ID that passkeys
 * are bound to, its origin the one the browser must report.
 */
export function relyingParty(config: Config) {
  const url = new URL(config.publicUrl)
  return { rpName: 'Gatehouse', rpID: url.hostname, origin: url.origin }
}

/** Stores a ceremony's single-use challenge for CHALLENGE_TTL_MS; answers its id. */
export async function storeChallenge(
  db: Db,
  userId: string | null,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<string> {
  const now = new Date()
  return insertChallenge(db, {
    userId,
    purpose,
    challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  })
}

/** What a ceremony's answer must match: its challenge, our origin and RP ID, a verified user. */
export function expectedAnswer(config: Config, challenge: string) {
  const { rpID, origin } = relyingParty(config)
  return {
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }
}

/** The user handle stored in a passkey: the account's id, so a sign-in can cross-check it. */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId)

const badRequest = (message: string) => new ApiError(ErrorCode.validation, message)

async function audit(
  ctx: UseCaseContext,
  user: UserRow,
  outcome: 'success' | 'failure',
  detail: object,
) {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.userUpdated,
    outcome,
    actorUserId: user.id,
    subjectUserId: user.id,
    detail: { field: 'passkey', ...detail },
  })
}

/**
 * Step one of enabling biometric login: the account password again (whoever borrowed an unlocked
 * console must not be able to add their own way in; a re-check that counts like a sign-in), then options for navigator.credentials.create()
 * with a stored single-use challenge. The user's passkeys are excluded so a device registers once.
 */
export async function beginRegistration(
  ctx: UseCaseContext,
  user: UserRow,
  password: string,
): Promise<PasskeyRegistrationOptionsResults> {
  await recheckForChange(ctx, user, password, 'passkey')
  const { rpName, rpID } = relyingParty(ctx.config)
  const existing = await listPasskeys(ctx.db, user.id)
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: `${user.nameFirst} ${user.nameLast}`.trim(),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports ? p.transports.split(',') : undefined,
    })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  })
  const challengeId = await storeChallenge(ctx.db, user.id, 'registration', options.challenge)
  return { challengeId, options }
}

async function verifyRegistration(
  ctx: UseCaseContext,
  body: PasskeyRegistrationBody,
  challenge: string,
): Promise<VerifiedRegistrationResponse> {
  try {
    return await verifyRegistrationResponse({
      response: body.response,
      ...expectedAnswer(ctx.config, challenge),
    })
  } catch (error) {
    throw badRequest(`The passkey could not be verified: ${(error as Error).message}`)
  }
}

/**
 * Step two: checks what the browser made against the challenge (used up whatever the outcome) and
 * stores the passkey, labelled with the device it was made on.
 */
export async function finishRegistration(
  ctx: UseCaseContext,
  user: UserRow,
  body: PasskeyRegistrationBody,
): Promise<PasskeyRow> {
  const now = new Date()
  const challenge = await consumeChallenge(ctx.db, {
    id: body.challengeId,
    purpose: 'registration',
    userId: user.id,
    now,
  })
  if (!challenge) {
    throw badRequest('This passkey request has expired or was already used. Start again.')
  }
  const verification = await verifyRegistration(ctx, body, challenge)
  if (!verification.verified) throw unprocessable('The passkey could not be verified.')
  const { credential } = verification.registrationInfo
  try {
    return await ctx.db.transaction(async (tx) => {
      const passkey = await insertPasskey(tx, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        label: passkeyLabel(ctx.client.userAgent),
        createdAt: now,
      })
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userUpdated,
        outcome: 'success',
        actorUserId: user.id,
        subjectUserId: user.id,
        detail: { field: 'passkey', change: 'added', passkeyId: passkey.id },
      })
      return passkey
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This passkey is already registered.')
    throw error
  }
}

export const ownPasskeys = (ctx: UseCaseContext, user: UserRow) => listPasskeys(ctx.db, user.id)

/** Removes one of the user's own passkeys; someone else's, or none, is 404 alike. */
export async function removePasskey(ctx: UseCaseContext, user: UserRow, id: string): Promise<void> {
  if (!(await deletePasskey(ctx.db, user.id, id))) {
    throw new ApiError(ErrorCode.notFound, 'There is no such passkey.')
  }
  await audit(ctx, user, 'success', { change: 'removed', passkeyId: id })
}

/** Turns biometric login off: every passkey of the user goes. */
export async function removeAllPasskeys(ctx: UseCaseContext, user: UserRow): Promise<number> {
  const removed = await deletePasskeys(ctx.db, user.id)
  if (removed > 0) await audit(ctx, user, 'success', { change: 'removed', count: removed })
  return removed
}
