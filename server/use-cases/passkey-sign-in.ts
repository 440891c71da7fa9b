import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type VerifiedAuthenticationResponse,
} from '@simplewebauthn/server'
import { ErrorCode } from '../../schema/errors'
import type { PasskeySignInBody, PasskeySignInOptionsResults } from '../../schema/passkeys'
import type { PasskeyRow } from '../db/schema/passkeys'
import { AMR } from '../domain/second-factors'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { consumeChallenge, findPasskeyByCredentialId, recordPasskeyUse } from '../repos/passkeys'
import { findUserById } from '../repos/users'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import type { UseCaseContext } from './context'
import { openSession, type OpenedSession } from './open-session'
import { CHALLENGE_TTL_MS, expectedAnswer, relyingParty, storeChallenge } from './passkeys'
import { knownDeviceOf } from './known-device'
import { assertNotThrottled, takeAddressSlot } from './throttle'

/**
 * A refused passkey sign-in, audited as a failed sign-in step; its address keeps the throttle's slot
 * it took. It does not count toward the account's lockout: a credential id is not a secret, and a bad
 * signature proves nothing about the owner's password.
 */
async function refuse(ctx: UseCaseContext, userId: string | null, reason: string) {
  await recordAudit(ctx.db, ctx.client, {
    action: AuditAction.signIn,
    outcome: 'failure',
    subjectUserId: userId,
    detail: { method: 'passkey', reason },
  })
  return new ApiError(ErrorCode.incorrectLogin)
}

/** Options for navigator.credentials.get(): no allow list, the passkey names its account itself. */
export async function beginPasskeySignIn(
  ctx: UseCaseContext,
): Promise<PasskeySignInOptionsResults> {
  // Each call stores a challenge; an address that is already refused gets none.
  await assertNotThrottled(ctx, AuditAction.signIn)
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  })
  const challengeId = await storeChallenge(ctx.db, null, 'authentication', options.challenge)
  return { challengeId, options }
}

async function verifyAssertion(
  ctx: UseCaseContext,
  body: PasskeySignInBody,
  challenge: string,
  passkey: PasskeyRow,
): Promise<VerifiedAuthenticationResponse | string> {
  try {
    return await verifyAuthenticationResponse({
      response: body.response,
      ...expectedAnswer(ctx.config, challenge),
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
      },
    })
  } catch (error) {
    return (error as Error).message
  }
}

const handleOwner = (userHandle: string | null | undefined) =>
  userHandle ? Buffer.from(userHandle, 'base64url').toString('utf8') : undefined

/**
 * Signs in with a passkey (POST /v1/login/passkey). A passkey that verified the user (PIN,
 * fingerprint, face) is possession and inherence at once, so no security code follows; otherwise
 * it ends as a password sign-in does: a throttle slot, lockout refusal (802), a new session, the
 * audit. A temporary lock (guessed passwords or codes) does not stop it, so the owner still gets
 * in, and it leaves the failure counters as they are: it proves nothing about who guessed.
 */
export async function signInWithPasskey(
  ctx: UseCaseContext,
  body: PasskeySignInBody,
): Promise<OpenedSession> {
  const giveBackSlot = await takeAddressSlot(ctx, AuditAction.signIn, {
    detail: { method: 'passkey' },
  })
  const now = new Date()
  // Used up first, whatever follows: a captured answer cannot be replayed.
  const challenge = await consumeChallenge(ctx.db, {
    id: body.challengeId,
    purpose: 'authentication',
    userId: null,
    now,
  })
  const passkey = await findPasskeyByCredentialId(ctx.db, body.response.id)
  if (!passkey) throw await refuse(ctx, null, 'unknown passkey')
  if (!challenge) throw await refuse(ctx, passkey.userId, 'challenge expired or used')
  const owner = handleOwner(body.response.response.userHandle)
  if (owner !== undefined && owner !== passkey.userId) {
    throw await refuse(ctx, passkey.userId, 'user handle mismatch')
  }
  const verification = await verifyAssertion(ctx, body, challenge, passkey)
  if (typeof verification === 'string') throw await refuse(ctx, passkey.userId, verification)
  if (!verification.verified) throw await refuse(ctx, passkey.userId, 'bad signature')
  const user = await findUserById(ctx.db, passkey.userId)
  if (!user) throw await refuse(ctx, null, 'unknown passkey')
  // Failed passwords and codes say nothing about the passkey: only the permanent lock stops it.
  await giveBackSlot()
  await assertNotLocked(ctx, user, AuditAction.signIn, { method: 'passkey' })
  await assertNotDisabled(ctx, user, AuditAction.signIn, { method: 'passkey' })
  await recordPasskeyUse(ctx.db, passkey.id, verification.authenticationInfo.newCounter, now)
  const deviceId = await knownDeviceOf(ctx, user.id)
  return openSession(ctx, user, AuditAction.signIn, {
    deviceId,
    amr: AMR.passkey,
    detail: { method: 'passkey' },
  })
}
