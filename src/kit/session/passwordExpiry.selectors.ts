import type { ExpirySnapshot } from './passwordExpiry.machine'

export const selectOpen = (s: ExpirySnapshot) => s.hasTag('open')
export const selectDaysLeft = (s: ExpirySnapshot) => s.context.daysLeft ?? 0
export const selectUserId = (s: ExpirySnapshot) => s.context.userId
export const selectCanLater = (s: ExpirySnapshot) => s.can({ type: 'expiry.later' })

/** SPEC.md §2: 'Your Password will expire in {n} days' (one day reads as one). */
export const expiryTitle = (days: number) =>
  `Your Password will expire in ${days} ${days === 1 ? 'day' : 'days'}`
