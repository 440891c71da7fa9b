import { defaultErrorMessage, ErrorCode } from '../schema/errors'

/** The HTTP status each error code travels with (DESIGN.md §4). */
const STATUS: Record<ErrorCode, number> = {
  [ErrorCode.generic]: 500,
  [ErrorCode.validation]: 400,
  [ErrorCode.notSignedIn]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.incorrectLogin]: 401,
  [ErrorCode.accountLocked]: 403,
  [ErrorCode.incorrectCode]: 401,
  [ErrorCode.resetLinkInvalid]: 400,
  [ErrorCode.oldPasswordWrong]: 401,
  [ErrorCode.passwordPolicy]: 422,
  [ErrorCode.passwordRecentlyUsed]: 422,
  [ErrorCode.accountDisabled]: 403,
  [ErrorCode.throttled]: 429,
}

/** The failure envelope `{success: false, error: {code, message}}` (schema/envelope.ts). */
export const failure = (code: number, message: string) => ({
  success: false as const,
  error: { code, message },
})

/**
 * A refusal the client should see as it is: the error handler turns it into the envelope with
 * this status, code and message (and headers such as Retry-After).
 */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly code: ErrorCode,
    message: string = defaultErrorMessage[code],
    readonly status: number = STATUS[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** 409: the value belongs to another record. */
export const conflict = (message: string) => new ApiError(ErrorCode.validation, message, 409)

/** 422: well-formed, but the change cannot be made as asked. */
export const unprocessable = (message: string) => new ApiError(ErrorCode.validation, message, 422)
