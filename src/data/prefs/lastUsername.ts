import { storedText } from './storedText'

// Without storage there is no prefill: a convenience, never a reason to fail a sign-in.
const lastUsername = storedText('gatehouse.lastUsername')

/** The username that last signed in on this browser, for the login form's prefill. */
export function readLastUsername(): string {
  return lastUsername.read() ?? ''
}

export function writeLastUsername(username: string): void {
  lastUsername.write(username)
}
