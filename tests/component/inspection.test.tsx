import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate'
import type { LoginResults } from '../../schema/auth'
import { ApiError } from '../../src/data/api/ApiError'
import { createInspection } from '../../src/flows/inspection'
import { loginMachine } from '../../src/areas/sign-in/machines/login.machine'
import { selfUser } from '../setup/fixtures'
import { renderApp } from '../setup/renderApp'

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })

describe('the one inspection point', () => {
  it('sees a sign-in across the whole system: the login actor, the session, the sync', async () => {
    const ada = selfUser()
    const inspection = createInspection()
    const seen: InspectionEvent[] = []
    const stop = inspection.subscribe((event) => seen.push(event))
    const login = loginMachine.provide({
      actors: {
        signIn: fromPromise<LoginResults, { username: string; password: string }>(() =>
          Promise.resolve({ user: { id: ada.id } }),
        ),
      },
    })
    const app = renderApp('/login', { provide: [login], inspect: inspection.inspect })
    app.gates.fetchSelf.reject(new ApiError(401, 401, 'You are not signed in.'))
    await screen.findByRole('heading', { name: 'Admin Login' })

    await app.user.type(field('Username'), 'ada@example.com')
    await app.user.type(field('Password'), 'correct horse{Enter}')
    await waitFor(() => expect(app.session.getSnapshot().value).toBe('authenticating'))
    app.gates.fetchSelf.resolve(ada)
    await screen.findByRole('button', { name: /user menu/i })
    stop()

    const created = seen.flatMap((e) =>
      e.type === '@xstate.actor' ? [e.actorRef as AnyActorRef] : [],
    )
    const sessionRef = created.find((ref) => ref === app.session)
    const loginRef = created.find((ref) => ref.id.startsWith('login'))
    expect(sessionRef).toBeDefined()
    expect(loginRef).toBeDefined()
    // Children of the root: the notification stack for the page, the sync for the session.
    expect(created.map((ref) => ref.id)).toEqual(
      expect.arrayContaining(['notifications', 'sync', 'signIn']),
    )
    expect(loginRef?._parent).toBe(app.session)

    const events = seen.flatMap((e) => (e.type === '@xstate.event' ? [e] : []))
    // The login chart itself tells the session, with no view in between.
    const signedIn = events.find((e) => e.event.type === 'session.signedIn')
    expect(signedIn?.sourceRef).toBe(loginRef)
    expect(signedIn?.actorRef).toBe(app.session)
    expect(events.some((e) => e.actorRef === loginRef && e.event.type === 'login.submit')).toBe(
      true,
    )

    const sessionStates = seen.flatMap((e) =>
      e.type === '@xstate.snapshot' && e.actorRef === app.session
        ? [JSON.stringify((e.snapshot as unknown as { value: unknown }).value)]
        : [],
    )
    expect(sessionStates).toEqual(
      expect.arrayContaining(['"signedOut"', '"authenticating"', '{"signedIn":"ready"}']),
    )
  })
})
