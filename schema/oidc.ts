import Type, { type Static } from 'typebox'

/** The path parameter of the sign-in interaction (oidc-provider's uid). */
export const InteractionParams = Type.Object({
  uid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
})

/** GET /oidc/interaction/:uid/details: what the interaction page shows. */
export const InteractionDetails = Type.Object({
  uid: Type.String(),
  /** 'login' (sign in) or 'consent' (a third-party service asks for scopes). */
  prompt: Type.String(),
  service: Type.Object({
    id: Type.String(),
    key: Type.String(),
    name: Type.String(),
    url: Type.String(),
    hasLogo: Type.Boolean(),
    /** A short-lived signed link to the logo (medium size), null without one. */
    logoUrl: Type.Union([Type.String(), Type.Null()]),
    firstParty: Type.Boolean(),
  }),
  scopes: Type.Array(Type.String()),
  /** The console session's user, when there is one. */
  signedIn: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  /** The service asked for a fresh sign-in (prompt=login or max_age). */
  freshSignIn: Type.Boolean(),
})
export type InteractionDetails = Static<typeof InteractionDetails>

export const InteractionDetailsResults = Type.Object({ interaction: InteractionDetails })

/** Where the browser goes next (back to the provider), and the password-expiry warning if due. */
export const InteractionDoneResults = Type.Object({
  returnTo: Type.String(),
  expiresInDays: Type.Optional(Type.Integer()),
})
export type InteractionDoneResults = Static<typeof InteractionDoneResults>
