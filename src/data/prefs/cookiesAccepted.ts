/**
 * The iOS cookies-accepted flag (SPEC.md §4): on iOS, each user who has signed in on this browser
 * is remembered as having accepted cookies. Kept in localStorage, one key per user id; storage
 * that is unavailable (private modes) only means the flag is not kept.
 */

const PREFIX = 'gatehouse.cookiesAccepted.'

/** iPhone, iPad and iPod browsers, including iPadOS, which reports itself as a Mac with touch. */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

function localStore(): StorageLike | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

export function readCookiesAccepted(
  userId: string,
  storage: StorageLike | undefined = localStore(),
): boolean {
  try {
    return storage?.getItem(PREFIX + userId) === 'true'
  } catch {
    return false
  }
}

/** Sets the flag for `userId` after a successful sign-in, on iOS only. Returns whether it did. */
export function markCookiesAccepted(
  userId: string,
  {
    userAgent = globalThis.navigator?.userAgent ?? '',
    maxTouchPoints = globalThis.navigator?.maxTouchPoints ?? 0,
    storage = localStore(),
  }: { userAgent?: string; maxTouchPoints?: number; storage?: StorageLike | undefined } = {},
): boolean {
  if (!isIos(userAgent, maxTouchPoints)) return false
  try {
    storage?.setItem(PREFIX + userId, 'true')
    return storage !== undefined
  } catch {
    return false
  }
}
