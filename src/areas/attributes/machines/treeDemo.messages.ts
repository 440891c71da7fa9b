import { isApiError } from '../../../data/api/ApiError'

/**
 * What a person reads when the demo could not do something: the server's own message when it
 * refused, else the network or a generic failure, always naming what failed.
 */
export function failureText(error: unknown, doing: string): string {
  if (isApiError(error)) {
    if (error.network) return `Could not ${doing}: the server could not be reached.`
    return `Could not ${doing}: ${error.message}`
  }
  return `Could not ${doing}: an error occurred.`
}
