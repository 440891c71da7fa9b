/**
 * Every failed call reaches machines as this one shape, so that a machine decides what a person reads
 * from the envelope's `code` (SPEC.md §8) without knowing about HTTP libraries.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The envelope's error code (schema/errors.ts). */
    readonly code: number,
    message: string,
    /** True when the server was never reached (offline, timeout, refused). */
    readonly network = false,
  ) {
    super(message)
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
