import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_DATA = 0x40

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url')

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(n)
  return out
}

/** One resident credential the authenticator holds: its key, id, account and signature counter. */
export interface SoftCredential {
  id: Buffer
  privateKey: KeyObject
  publicKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

/** The COSE form of a P-256 public key (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  const map = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ])
  return isoCBOR.encode(map)
}

/**
 * A platform authenticator in software, for server tests without a browser: it makes P-256
 * credentials with 'none' attestation and signs assertions as WebAuthn Level 2 describes (flags,
 * counter, authenticatorData ‖ SHA-256(clientDataJSON)). `verified: false` makes one that reports
 * presence without user verification.
 */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = []

  constructor(
    readonly origin: string,
    private readonly options: { verified?: boolean } = {},
  ) {}

  private flags(extra = 0) {
    return FLAG_USER_PRESENT | (this.options.verified === false ? 0 : FLAG_USER_VERIFIED) | extra
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin?: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.origin, crossOrigin: false }),
    )
  }

  /** navigator.credentials.create() for these options. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string } = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const id = randomBytes(16)
    const credential = {
      id,
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    }
    const length = Buffer.alloc(2)
    length.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_DATA)]),
      uint32(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      length,
      id,
      coseKey(publicKey),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    this.credentials.push(credential)
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64(
          this.clientData('webauthn.create', options.challenge, overrides.origin),
        ),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** navigator.credentials.get(): signs with the credential given, or the newest one. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    credential: SoftCredential | undefined = this.credentials.at(-1),
  ): AuthenticationResponseJSON {
    if (!credential) throw new Error('SoftAuthenticator: no credential to sign with.')
    credential.counter += 1
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([this.flags()]),
      uint32(credential.counter),
    ])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge)
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey)
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    }
  }
}
