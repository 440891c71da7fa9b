import { isApiError } from '../data/api/ApiError'

/**
 * What a profile change that failed says (SPEC.md §8 'Re-authentication failure'): the server's
 * message (a taken address, a wrong current password, a refused image), or 'an error occurred'.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message
  return 'an error occurred'
}
