import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/data/api/ApiError'
import { signIn, signOut, verifyAccessCode } from '../../src/data/api/auth'
import { callFor, http, onSessionExpired } from '../../src/data/api/client'
import { toApiError } from '../../src/data/api/errors'
import { fetchSelf } from '../../src/data/api/self'
import { revokeSession } from '../../src/data/api/sessions'
import { fetchSyncBatch } from '../../src/data/api/sync'
import { Type } from 'typebox'
import { selfUser } from '../setup/fixtures'

const id = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const failure = (status: number, code: number, message: string) =>
  json(status, { success: false, error: { code, message } })

type Sent = { url: string; method: string; credentials: string; body: string }

/** Stands in for the network and records what was sent. */
function answer(respond: () => Response | Promise<Response>) {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (request: Request) => {
    const { url, method, credentials } = request
    sent.push({ url, method, credentials, body: await request.clone().text() })
    return respond()
  })
  return sent
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should fail'),
    (e: unknown) => e,
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client', () => {
  it('posts the credentials to /v1/login with the same-origin cookie and returns the results', async () => {
    const sent = answer(() => json(200, { success: true, results: { user: { id } } }))
    await expect(signIn({ username: 'ada@example.com', password: 'pw' })).resolves.toEqual({
      user: { id },
    })
    expect(sent).toEqual([
      {
        url: `${location.origin}/v1/login`,
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ username: 'ada@example.com', password: 'pw' }),
      },
    ])
  })

  it("adds service 'sso' to the code check", async () => {
    const sent = answer(() => json(200, { success: true, results: { user: { id } } }))
    await verifyAccessCode({ userId: id, requestId: id, accessCode: '123456' })
    expect(sent[0]?.url).toBe(`${location.origin}/v1/login/verify`)
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      userId: id,
      requestId: id,
      accessCode: '123456',
      service: 'sso',
    })
  })

  it.each([
    [401, 801, 'Incorrect Login. Try Again.'],
    [403, 802, 'Locked.'],
    [429, 823, 'Too many attempts. Try again in 5 minutes.'],
    [400, 1001, 'username: must be a string'],
  ])(
    'maps a %i answer with code %i to an ApiError carrying the server message',
    async (status, code, message) => {
      answer(() => failure(status, code, message))
      const error = await rejection(signIn({ username: 'a@b.co', password: 'pw' }))
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status, code, message, network: false })
    },
  )

  it('maps an answer that is not an envelope to the generic code', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(await rejection(fetchSelf())).toMatchObject({ status: 502, code: 1000, network: false })
  })

  it('maps an unreachable server to a network ApiError', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await rejection(signOut())).toMatchObject({ status: 0, code: 1000, network: true })
  })

  it('refuses a success whose results break the contract', async () => {
    answer(() => json(200, { success: true, results: { user: { id: 'not-a-uuid' } } }))
    expect(await rejection(signIn({ username: 'a@b.co', password: 'pw' }))).toMatchObject({
      code: 1000,
      network: false,
    })
  })

  it('returns the signed-in user from /v1/self', async () => {
    answer(() => json(200, { success: true, results: { user: selfUser() } }))
    await expect(fetchSelf()).resolves.toEqual(selfUser())
  })

  it('reports an ended session (401 with code 401) but not wrong credentials (401 with code 801)', async () => {
    const expired = vi.fn()
    const stop = onSessionExpired(expired)
    answer(() => failure(401, 801, 'Incorrect Login. Try Again.'))
    await rejection(signIn({ username: 'a@b.co', password: 'pw' }))
    expect(expired).not.toHaveBeenCalled()
    answer(() => failure(401, 401, 'You are not signed in.'))
    await rejection(fetchSelf())
    expect(expired).toHaveBeenCalledTimes(1)
    stop()
  })

  // jsdom's AbortSignal cannot reach Node's fetch, so the mapping is checked where aborts arrive.
  it('lets an abort through as an abort, not as a failure to report', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    await expect(toApiError(abort)).resolves.toBe(abort)
  })

  it('pulls a sync batch through the shared client: POST /v1/sync/:collection, 5000 at most', async () => {
    const node = { id, ip: '192.0.2.7' }
    const sent = answer(() =>
      json(200, { success: true, results: { nodes: [node], batchInfo: { cursor: 'c-1' } } }),
    )
    await expect(fetchSyncBatch('sessions', null, new AbortController().signal)).resolves.toEqual({
      nodes: [node],
      cursor: 'c-1',
    })
    expect(sent[0]?.url).toBe(`${location.origin}/v1/sync/sessions`)
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ cursor: null, batchSize: 5000 })
  })

  it('reads a collection the user may not see (403) as an empty one, DONE at once, marked forbidden', async () => {
    answer(() => failure(403, 403, 'You are not allowed to do this.'))
    await expect(fetchSyncBatch('users', 'c-1', new AbortController().signal)).resolves.toEqual({
      nodes: [],
      cursor: 'DONE',
      forbidden: true,
    })
  })

  it('reports an ended session from a sync pull, and refuses a batch that breaks the contract', async () => {
    const expired = vi.fn()
    const stop = onSessionExpired(expired)
    answer(() => failure(401, 401, 'You are not signed in.'))
    const signal = new AbortController().signal
    expect(await rejection(fetchSyncBatch('sessions', null, signal))).toMatchObject({ code: 401 })
    expect(expired).toHaveBeenCalledTimes(1)
    answer(() => json(200, { success: true, results: { nodes: 'none' } }))
    expect(await rejection(fetchSyncBatch('sessions', null, signal))).toMatchObject({ code: 1000 })
    stop()
  })

  it('revokes a session with DELETE /v1/session/:id', async () => {
    const sent = answer(() => json(200, { success: true }))
    await revokeSession(id)
    expect(sent[0]).toMatchObject({ url: `${location.origin}/v1/session/${id}`, method: 'DELETE' })
  })
})

describe('when a call loads its schema', () => {
  const Results = Type.Object({ user: Type.Object({ id: Type.String() }) })
  /** A network whose answer waits until `respond` is called. */
  function heldAnswer() {
    let respond: (answer: Response) => void = () => {}
    answer(() => new Promise<Response>((resolve) => (respond = resolve)))
    return (answer: Response) => respond(answer)
  }
  const aTask = () => new Promise((resolve) => setTimeout(resolve, 20))

  it('loads it while the request is out, so the answer only has to be checked', async () => {
    const respond = heldAnswer()
    const schema = vi.fn(() => Promise.resolve(Results))
    const call = callFor(schema, () => http.get('self'))
    await aTask()
    expect(schema).toHaveBeenCalledTimes(1)
    respond(json(200, { success: true, results: { user: { id } } }))
    await expect(call).resolves.toEqual({ user: { id } })
  })

  it("with the answer only, for the first load: a visitor's 401 loads no schema", async () => {
    const respond = heldAnswer()
    const schema = vi.fn(() => Promise.resolve(Results))
    const call = callFor(schema, () => http.get('self'), { withAnswer: true })
    await aTask()
    expect(schema).not.toHaveBeenCalled()
    respond(failure(401, 401, 'Unauthorized'))
    expect(await rejection(call)).toMatchObject({ status: 401 })
    expect(schema).not.toHaveBeenCalled()
  })
})
