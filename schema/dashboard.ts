import Type, { type Static } from 'typebox'
import { Id, Timestamp } from './common'

/*
 * GET /v1/dashboard (dashboard.read, INTERNAL staff): the figures of the Dashboard, from the hourly
 * rollup of the audit log and a few counts (docs/dashboard.md). Buckets are UTC hours and days.
 */

export const SignInBucket = Type.Object({
  /** Start of the UTC hour or day. */
  start: Timestamp,
  success: Type.Integer(),
  failure: Type.Integer(),
})
export type SignInBucket = Static<typeof SignInBucket>

export const DashboardResults = Type.Object({
  /** When the figures were read. */
  at: Timestamp,
  /** 24 buckets, oldest first; the last is the current hour. */
  hourly: Type.Array(SignInBucket),
  /** 30 buckets, oldest first; the last is today (UTC). */
  daily: Type.Array(SignInBucket),
  activeSessions: Type.Integer(),
  /** Successful sign-ins to services over 30 days, most first; empty until services sign in. */
  services: Type.Array(
    Type.Object({
      serviceId: Type.Union([Id, Type.Null()]),
      name: Type.String(),
      count: Type.Integer(),
    }),
  ),
  locked: Type.Object({ permanent: Type.Integer(), temporary: Type.Integer() }),
  /**
   * Enabled accounts by second factor (docs/second-factors.md): with an authenticator app, with
   * text-message codes, with passkeys, and with none of them (a user may count in several).
   */
  factors: Type.Object({
    users: Type.Integer(),
    authenticator: Type.Integer(),
    sms: Type.Integer(),
    passkey: Type.Integer(),
    none: Type.Integer(),
  }),
  /** Enabled accounts with no sign-in for 90 days: never signed in, or last before that. */
  dormant: Type.Object({ never: Type.Integer(), before: Type.Integer(), days: Type.Integer() }),
  /** Addresses with the most failed sign-in steps in the last 24 hours. */
  failingAddresses: Type.Array(
    Type.Object({ ip: Type.String(), failures: Type.Integer(), last: Timestamp }),
  ),
  queue: Type.Object({
    /** Messages still to be sent: pending, sending, failed (will retry). */
    depth: Type.Integer(),
    oldest: Type.Union([Timestamp, Type.Null()]),
  }),
})
export type DashboardResults = Static<typeof DashboardResults>
