import ky, { type ResponsePromise } from 'ky'
import type { Static, TSchema } from 'typebox'
import { ErrorCode } from '../../../schema/errors'
import { ApiError } from './ApiError'
import { readFailure, toApiError } from './errors'

type Listener = () => void
const expiryListeners = new Set<Listener>()

/**
 * Registers what happens when an authenticated call learns that the session is gone (code 401).
 * The data layer cannot know about the session statechart, so main.tsx wires the two together.
 */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener)
  return () => expiryListeners.delete(listener)
}

// Wrong credentials and wrong codes also answer 401, with their own codes (801, 803); only the
// not-signed-in code means that a session that existed has ended.
async function reportExpiredSession(_request: Request, _options: unknown, response: Response) {
  if (response.status !== 401) return
  const failure = await readFailure(response)
  if (failure?.error.code === ErrorCode.notSignedIn) expiryListeners.forEach((listener) => listener())
}

// Absolute, because Request() outside a browser page (tests) cannot resolve a bare '/v1'; without a
// page at all (Node), the module still loads and its calls go nowhere real.
const apiBase = () => new URL('/v1/', globalThis.location?.href ?? 'http://localhost/').href

/** The one HTTP client: same-origin cookie session, no automatic retries (sign-in is not idempotent). */
export const http = ky.create({
  prefixUrl: apiBase(),
  credentials: 'same-origin',
  retry: 0,
  timeout: 20_000,
  hooks: { afterResponse: [reportExpiredSession] },
})

async function readBody(request: () => ResponsePromise): Promise<unknown> {
  try {
    return await request().json()
  } catch (error) {
    throw await toApiError(error)
  }
}

// TypeBox's checker and the envelope's schemas load with the first answer that carries results,
// not with the page: the sign-in page shows without them (docs/console-first-load.md).
const checker = async () => {
  try {
    const [value, envelope] = await Promise.all([
      import('typebox/value'),
      import('../../../schema/envelope'),
    ])
    return { Value: value.default, Ok: envelope.Ok, Success: envelope.Success }
  } catch {
    throw new ApiError(0, ErrorCode.generic, 'The server could not be reached.', true)
  }
}

/**
 * A results schema, or a function that loads it: the calls of the first load (the session check,
 * sign-in, passkey sign-in) name theirs lazily so that TypeBox is fetched with the first answer.
 */
export type ResultsSchema<T extends TSchema> = T | (() => Promise<T>)

const unexpected = () => new ApiError(200, ErrorCode.generic, 'The server sent an unexpected answer.')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const checking = <T extends TSchema>(results: ResultsSchema<T>) =>
  Promise.all([checker(), typeof results === 'function' ? results() : results])

/**
 * Runs a call and returns its `results`, checked against the schema the server promises. The
 * checker and a lazy schema load while the request is on its way, in a task of their own, so that
 * their evaluation is not in the same task as the answer's handling (a sign-in's was 55 ms), nor
 * in the one that sent the request. `withAnswer` loads them only once the answer is in: for the
 * session check of a page's first load, whose usual answer (a visitor's 401) needs none of them
 * (docs/console-first-load.md).
 */
export async function callFor<T extends TSchema>(
  results: ResultsSchema<T>,
  request: () => ResponsePromise,
  { withAnswer = false }: { withAnswer?: boolean } = {},
): Promise<Static<T>> {
  const answer = readBody(request)
  // In the next task: the one that sent the request (a form's submit) has its own frame to draw.
  const early = withAnswer ? undefined : nextTask().then(() => checking(results))
  // A failed answer is reported as such, even if the checker failed to load meanwhile.
  early?.catch(() => {})
  const body = await answer
  const [{ Value, Success }, schema] = await (early ?? checking(results))
  const valid: boolean = Value.Check(Success(schema), body)
  if (!valid) throw unexpected()
  return (body as { results: Static<T> }).results
}

/**
 * Runs a call and returns its answer's `results` when `isAnswer`, a check written by hand to the
 * same schema, accepts the whole answer: for answers the generic checker is too slow for (a sync
 * batch of 5000 rows, src/data/api/syncAnswer.ts).
 */
export async function callChecked<T>(
  isAnswer: (body: unknown) => body is { success: true; results: T },
  request: () => ResponsePromise,
): Promise<T> {
  const body = await readBody(request)
  if (!isAnswer(body)) throw unexpected()
  return body.results
}

/** Runs a call whose answer carries nothing but `{success: true}`. */
export async function call(request: () => ResponsePromise): Promise<void> {
  const body = await readBody(request)
  const { Value, Ok } = await checker()
  if (!Value.Check(Ok, body)) throw unexpected()
}
