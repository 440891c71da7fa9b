import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, waitFor } from 'xstate'
import { ApiError } from '../../src/data/api/ApiError'
import { sessionMachine } from '../../src/kit/session/session.machine'
import type { SelfUser } from '../../schema/user'

// The session's own fetchSelf actor, with the network and the sync's module replaced.
const calls: string[] = []
let answerSelf: { resolve: (user: SelfUser) => void; reject: (error: unknown) => void }
vi.mock('../../src/data/api/self', () => ({
  fetchSelf: () => {
    calls.push('fetchSelf')
    return new Promise<SelfUser>((resolve, reject) => (answerSelf = { resolve, reject }))
  },
}))
vi.mock('../../src/kit/session/sync.lazy', () => ({
  loadSyncMachine: () => {
    calls.push('loadSyncMachine')
    return Promise.resolve()
  },
  lazySyncMachine: { config: {} },
}))

afterEach(() => {
  calls.length = 0
})

const notSignedIn = new ApiError(401, 401, 'You are not signed in.')

describe("the session check's loading of the sync", () => {
  it('loads nothing of the sync for a visitor, and loads it beside the user fetch after a sign-in', async () => {
    const session = start()
    expect(calls).toEqual(['fetchSelf'])
    answerSelf.reject(notSignedIn)
    await waitFor(session, (s) => s.matches('signedOut'))
    expect(calls).toEqual(['fetchSelf'])

    calls.length = 0
    session.send({ type: 'session.signedIn' })
    await Promise.resolve()
    // The sync's code is asked for before the user has been answered.
    expect(calls).toEqual(['loadSyncMachine', 'fetchSelf'])
    session.stop()
  })

  it('loads the sync after the user on a page opened with a session', async () => {
    const session = start()
    expect(calls).toEqual(['fetchSelf'])
    answerSelf.resolve({ id: 'u-1' } as SelfUser)
    await waitFor(session, (s) => s.matches('signedIn'))
    expect(calls).toEqual(['fetchSelf', 'loadSyncMachine'])
    session.stop()
  })
})

// signedIn's children are not under test: actors that do nothing stand for them.
const quiet = () => createMachine({ id: 'quiet' }) as never
const start = () =>
  createActor(
    sessionMachine.provide({ actors: { sync: quiet(), cookiesAccepted: quiet() } }),
  ).start()
