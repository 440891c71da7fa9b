import Type, { type Static } from 'typebox'
import { Base, Id, Timestamp } from './common'
import { Permission, UserType } from './permissions'
import { LIMITS } from './rules'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()])

/** A user as the console sees it (SPEC.md §3). Secrets never leave the server. */
export const User = Type.Object({
  ...Base,
  nameFirst: Type.String(),
  nameLast: Type.String(),
  email: Type.String(),
  /** Ten digits stored bare, or null. */
  phone: Nullable(Type.String()),
  use2FA: Type.Boolean(),
  /** Reference to the stored visage image, or null. */
  visage: Nullable(Type.String()),
  type: UserType,
  lastLogin: Nullable(Timestamp),
  /** What the user may do (DESIGN.md §4); staff with users.read see it in the Users screen. */
  permissions: Type.Array(Permission),
  /** The next sign-in must choose a new password first (generated password, expiry, or staff asked). */
  mustChangePassword: Type.Boolean(),
  /** The permanent lock (802) that staff lift; a temporary lock (823) passes by itself. */
  locked: Type.Boolean(),
  /** Staff turned the account off: no sign-in (808), no sessions. */
  disabled: Type.Boolean(),
  /** How many passkeys the user has registered. */
  passkeys: Type.Integer({ minimum: 0 }),
  /** An address staff gave the user that waits for its owner to confirm it; the email stays until then. */
  pendingEmail: Nullable(Type.String()),
  /** An authenticator app gives the second step of the user's sign-ins (docs/second-factors.md). */
  authenticator: Type.Boolean(),
})
export type User = Static<typeof User>

/** The signed-in user: the user plus what the console needs to decide what to show. */
export const SelfUser = Type.Object({
  ...User.properties,
  passwordExpiresAt: Nullable(Timestamp),
  /** The sign-in before the current one, for the Home page. */
  previousSignIn: Nullable(Type.Object({ at: Timestamp, ip: Type.String() })),
  /**
   * The policy requires a second factor the user lacks: until then they may still sign in without
   * one, and the console warns them; null when nothing is required of them.
   */
  mfaGraceUntil: Nullable(Timestamp),
  /**
   * The permissions held only over some groups' users (docs/access.md): permission → group ids.
   * Empty for most; the console's cache belongs to this as much as to the permissions.
   */
  scopes: Type.Optional(Type.Record(Type.String(), Type.Array(Id))),
})
export type SelfUser = Static<typeof SelfUser>

export const SelfResults = Type.Object({ user: SelfUser })
export type SelfResults = Static<typeof SelfResults>

export const UserResults = Type.Object({ user: User })
export type UserResults = Static<typeof UserResults>

const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMax })

export const NameBody = Type.Object(
  { nameFirst: Name, nameLast: Name },
  { additionalProperties: false },
)
export type NameBody = Static<typeof NameBody>

export const EmailBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: LIMITS.emailMax }),
    /** The current password; required when users change their own address. */
    password: Type.Optional(Type.String({ maxLength: LIMITS.passwordMax })),
  },
  { additionalProperties: false },
)
export type EmailBody = Static<typeof EmailBody>

/** The current password; required when users change where their own second factor goes. */
const CurrentPassword = Type.Optional(Type.String({ maxLength: LIMITS.passwordMax }))

/** Ten bare digits, or empty/null to clear it. */
export const PhoneBody = Type.Object(
  {
    phone: Type.Union([Type.String({ pattern: '^(\\d{10})?$' }), Type.Null()]),
    password: CurrentPassword,
  },
  { additionalProperties: false },
)
export type PhoneBody = Static<typeof PhoneBody>

export const MfaBody = Type.Object(
  { use2FA: Type.Boolean(), password: CurrentPassword },
  { additionalProperties: false },
)
export type MfaBody = Static<typeof MfaBody>

export const UserIdParams = Type.Object({ id: Id })
