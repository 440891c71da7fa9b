import { isApiError } from '../../../data/api/ApiError'

/** The heading of /verifyEmail/{token}. */
export const VERIFY_HEADING = 'Confirm your email'
export const VERIFYING = 'Confirming your email address...'
export const verifiedMessage = (email: string) => `Your email address is now ${email}.`
export const LINK_EXPIRED = 'This link has expired or was already used.'
export const VERIFY_UNAVAILABLE =
  'The server could not be reached. Your email address is unchanged.'

/**
 * The server looked at the link and refused it (unknown, used or too old: any 4xx). No answer, or
 * a server failure, says nothing about the link: the person may try again.
 */
export const isRefusedLink = (error: unknown): boolean =>
  isApiError(error) && !error.network && error.status >= 400 && error.status < 500
