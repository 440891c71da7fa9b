import { ErrorCode } from '../../../../schema/errors'
import { isApiError } from '../../../data/api/ApiError'
import { signInFailureMessage } from './login.messages'

/** The consent screen's words for the scopes a service may ask for (docs/sso.md, "Claims"). */
export const SCOPE_TEXT: Record<string, string> = {
  openid: 'Know who you are in Gatehouse',
  email: 'Your email address',
  profile: 'Your name',
  phone: 'Your phone number',
  offline_access: 'Stay signed in while you are away',
  'gatehouse:permissions': 'Your user type and permissions',
}

export const scopeText = (scope: string) => SCOPE_TEXT[scope] ?? scope

export const signInHeading = (service: string) => `Sign in to ${service}`
export const consentHeading = (service: string) => `${service} asks for access`
export const MUST_CHANGE_PASSWORD = 'Change your password before you continue.'
export const RETURNING = 'Returning to the service...'

/** The console's own must-change answer (403): the password must be changed first. */
export const isMustChangePassword = (error: unknown) =>
  isApiError(error) && !error.network && error.code === ErrorCode.forbidden

/** The server said nobody (or not the right session) is signed in: the sign-in form is next. */
export const isNotSignedIn = (error: unknown) =>
  isApiError(error) && !error.network && error.code === ErrorCode.notSignedIn

/**
 * What the page says when a step fails: the login's words for locked, disabled and throttled
 * accounts and for an unreachable server (SPEC.md §8), otherwise the server's own sentence (an
 * interaction that expired, a service no longer registered).
 */
export function serviceSignInFailureMessage(error: unknown): string {
  if (!isApiError(error) || error.network) return signInFailureMessage(error)
  const shared = [ErrorCode.accountLocked, ErrorCode.accountDisabled, ErrorCode.throttled]
  if ((shared as number[]).includes(error.code)) return signInFailureMessage(error)
  return error.message
}

/** Why the form shows again after a refused sign-in: the server's sentence (docs/sso.md). */
export const signInAgainNotice = (error: unknown): string | null =>
  isApiError(error) && !error.network ? error.message : null
