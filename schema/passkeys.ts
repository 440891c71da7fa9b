import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import Type, { type Static } from 'typebox'
import { Id, Timestamp } from './common'
import { LIMITS } from './rules'

/** A passkey as its owner sees it: never the key or the credential id. */
export const Passkey = Type.Object({
  id: Id,
  /** The device and browser it was made on, e.g. 'Chrome on Linux'. */
  label: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
})
export type Passkey = Static<typeof Passkey>

export const PasskeyResults = Type.Object({ passkey: Passkey })
export const PasskeyListResults = Type.Object({ passkeys: Type.Array(Passkey) })
export const PasskeysRemovedResults = Type.Object({ removed: Type.Integer({ minimum: 0 }) })

// WebAuthn's binary fields travel as base64url text. Generous bounds: attestation objects with
// certificate chains run to a few kilobytes; the body limit caps the whole.
const B64 = (maxLength = 16_384) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' })

// The browser's JSON is the WebAuthn Level 3 shape; browsers add fields as the standard grows, so
// only the ones the server reads are checked and the rest pass.
const CredentialBase = {
  id: B64(1_024),
  rawId: B64(1_024),
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
}

const RegistrationResponse = Type.Unsafe<RegistrationResponseJSON>(
  Type.Object({
    ...CredentialBase,
    response: Type.Object({
      clientDataJSON: B64(),
      attestationObject: B64(),
      transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
    }),
  }),
)

const AuthenticationResponse = Type.Unsafe<AuthenticationResponseJSON>(
  Type.Object({
    ...CredentialBase,
    response: Type.Object({
      clientDataJSON: B64(),
      authenticatorData: B64(),
      // ML-DSA (post-quantum, offered first on Node 24) signs in up to 4,627 bytes: 6,170 characters.
      signature: B64(8_192),
      userHandle: Type.Optional(Type.Union([B64(512), Type.Null()])),
    }),
  }),
)

/** POST /v1/passkeys/registration/options: enabling biometric login asks for the password again. */
export const PasskeyRegistrationOptionsBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }) },
  { additionalProperties: false },
)
export type PasskeyRegistrationOptionsBody = Static<typeof PasskeyRegistrationOptionsBody>

/** POST /v1/passkeys/registration: what the browser's navigator.credentials.create() made. */
export const PasskeyRegistrationBody = Type.Object(
  { challengeId: Id, response: RegistrationResponse },
  { additionalProperties: false },
)
export type PasskeyRegistrationBody = Static<typeof PasskeyRegistrationBody>

/** POST /v1/login/passkey: what navigator.credentials.get() signed. */
export const PasskeySignInBody = Type.Object(
  { challengeId: Id, response: AuthenticationResponse },
  { additionalProperties: false },
)
export type PasskeySignInBody = Static<typeof PasskeySignInBody>

// Options go to the browser as the library made them; listing every WebAuthn field here would only
// drop the ones a newer library adds, so the schema names what the console relies on.
const open = { additionalProperties: true } as const

export const PasskeyCreationOptions = Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(
  Type.Object(
    {
      challenge: Type.String(),
      rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }, open),
      user: Type.Object(
        { id: Type.String(), name: Type.String(), displayName: Type.String() },
        open,
      ),
      pubKeyCredParams: Type.Array(Type.Object({ type: Type.String(), alg: Type.Number() })),
    },
    open,
  ),
)

export const PasskeyRequestOptions = Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(
  Type.Object({ challenge: Type.String(), rpId: Type.Optional(Type.String()) }, open),
)

/** The options for one ceremony and the id of the stored challenge to send back with its result. */
export const PasskeyRegistrationOptionsResults = Type.Object({
  challengeId: Id,
  options: PasskeyCreationOptions,
})
export type PasskeyRegistrationOptionsResults = Static<typeof PasskeyRegistrationOptionsResults>

export const PasskeySignInOptionsResults = Type.Object({
  challengeId: Id,
  options: PasskeyRequestOptions,
})
export type PasskeySignInOptionsResults = Static<typeof PasskeySignInOptionsResults>
