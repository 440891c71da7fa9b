import { HTTPError, TimeoutError } from 'ky'
import Value from 'typebox/value'
import { Failure } from '../../../schema/envelope'
import { defaultErrorMessage, ErrorCode } from '../../../schema/errors'
import { ApiError } from './ApiError'

const NETWORK_MESSAGE = 'The server could not be reached.'

/** The envelope of a failed answer, or undefined when the body is not one (a proxy's HTML page, say). */
export async function readFailure(response: Response): Promise<Failure | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined)
  return Value.Check(Failure, body) ? body : undefined
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
