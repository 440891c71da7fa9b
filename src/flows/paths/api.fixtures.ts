import type { EventObject } from 'xstate'
import { ApiError } from '../../data/api/ApiError'

/** Server answers the models send: refusals with DESIGN.md's codes, and no answer at all. */
export const notSignedIn = new ApiError(401, 401, 'You are not signed in.')
export const offline = new ApiError(0, 1000, 'The server could not be reached.', true)
export const failure = (status: number, code: number, message: string) =>
  new ApiError(status, code, message)

/**
 * What a step carries, for QA: the code of a refusal beside the server's words (the screen may
 * show its own), or what was typed.
 */
export function answerDetail(event: EventObject): string | undefined {
  const { error, value } = event as { error?: unknown; value?: unknown }
  const words = (e: Error) => e.message.replace(/[.\s]+$/, '')
  if (error instanceof ApiError)
    return error.network ? `(${words(error)})` : `(code ${error.code}: “${words(error)}”)`
  if (error instanceof Error) return `(${words(error)})`
  if (typeof value === 'string') return value === '' ? 'empty' : `“${value}”`
  return undefined
}
