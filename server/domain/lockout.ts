/** True when this many consecutive failed sign-ins (passwords and codes) lock the account. */
export const reachesLockout = (failedAttempts: number, threshold: number): boolean =>
  failedAttempts >= threshold

export const UNLOCK_NOTICE = {
  subject: 'Your Gatehouse account has been locked',
  text:
    'Your Gatehouse account was locked after too many failed sign-in attempts. ' +
    'Once an administrator unlocks it you will receive an email with a link to choose a new password. ' +
    'If these attempts were not yours, tell your administrator.',
}
