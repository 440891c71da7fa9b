import { isApiError } from '../data/api/ApiError'

/**
 * What a failed tree change says: the server's message (a refused link, a malformed import), the
 * reason a file could not be read, or SPEC.md §8's generic 'An Error Occurred. Try Again.'.
 */
export function treeFailure(error: unknown): string {
  if (isApiError(error)) {
    if (error.network) return 'The server could not be reached. Try Again.'
    if (error.message.trim() !== '') return error.message
  } else if (error instanceof Error && error.message.trim() !== '') {
    return error.message
  }
  return 'An Error Occurred. Try Again.'
}

/** A key's name as the tree shows it; a blank name is allowed (SPEC.md §5) and shows so. */
export const shownName = (name: string | undefined) =>
  name === undefined ? 'Loading…' : name.trim() === '' ? '(no name)' : name
