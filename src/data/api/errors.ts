import { HTTPError, TimeoutError } from 'ky'
import type { Failure } from '../../../schema/envelope'
import { defaultErrorMessage, ErrorCode } from '../../../schema/errors'
import { ApiError } from './ApiError'

const NETWORK_MESSAGE = 'The server could not be reached.'

/**
 * The `Failure` schema (schema/envelope.ts), checked by hand: a signed-out visitor's first answer
 * (401 on /v1/self) is read with this alone, so TypeBox's checker stays out of the first load.
 */
function isFailure(body: unknown): body is Failure {
  if (typeof body !== 'object' || body === null) return false
  const { success, error } = body as { success?: unknown; error?: unknown }
  if (success !== false || typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return Number.isInteger(code) && typeof message === 'string'
}

/** The envelope of a failed answer, or undefined when the body is not one (a proxy's HTML page, say). */
export async function readFailure(response: Response): Promise<Failure | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined)
  return isFailure(body) ? body : undefined
}

/**
 * Maps whatever ky threw to an ApiError. Aborts pass through untouched: a machine that left the state
 * aborted on purpose and must not treat it as a failure.
 */
export async function toApiError(error: unknown): Promise<unknown> {
  // By name: the DOMException of an abort may come from another realm (the fetch implementation's).
  if (error instanceof Error && error.name === 'AbortError') return error
  if (error instanceof HTTPError) {
    const failure = await readFailure(error.response)
    const status = error.response.status
    if (failure) return new ApiError(status, failure.error.code, failure.error.message)
    return new ApiError(status, ErrorCode.generic, defaultErrorMessage[ErrorCode.generic])
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    return new ApiError(0, ErrorCode.generic, NETWORK_MESSAGE, true)
  }
  return error
}
