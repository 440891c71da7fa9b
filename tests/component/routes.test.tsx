import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/data/api/ApiError'
import { selfUser } from '../setup/fixtures'
import { renderApp, renderSignedIn } from '../setup/renderApp'

const notSignedIn = new ApiError(401, 401, 'You are not signed in.')

async function renderSignedOut(path: string) {
  const app = renderApp(path)
  app.gates.fetchSelf.reject(notSignedIn)
  await screen.findByRole('heading', { name: 'Admin Login' })
  return app
}

describe('signed-out route set', () => {
  it('sends the index to /login', async () => {
    const app = await renderSignedOut('/')
    expect(app.router.state.location.href).toBe('/login')
  })

  it('sends a signed-in path to the login and returns there after sign-in', async () => {
    const app = await renderSignedOut('/sessions')
    expect(app.pathname()).toBe('/login')
    expect(app.router.state.location.search).toEqual({ redirect: '/sessions' })
    app.session.send({ type: 'session.signedIn' })
    app.gates.fetchSelf.resolve(selfUser())
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeVisible()
    expect(app.pathname()).toBe('/sessions')
  })

  it('ignores a redirect to another origin', async () => {
    const app = await renderSignedOut('/login?redirect=%2F%2Fevil.example%2F')
    app.session.send({ type: 'session.signedIn' })
    app.gates.fetchSelf.resolve(selfUser())
    await waitFor(() => expect(app.pathname()).toBe('/home'))
  })

  it('serves /forgotPassword in either spelling, and /passwordReset/$slug', async () => {
    for (const [path, heading] of [
      ['/forgotPassword', 'Forgot Password'],
      ['/forgotpassword', 'Forgot Password'],
      ['/passwordReset/abc123', 'Password Reset'],
    ] as const) {
      const app = renderApp(path)
      app.gates.fetchSelf.reject(notSignedIn)
      expect(await screen.findByRole('heading', { name: heading })).toBeVisible()
      app.unmount()
    }
  })
})

describe('signed-in route set', () => {
  it('sends the index, /login and unknown paths to /home', async () => {
    for (const path of ['/', '/login', '/no/such/place']) {
      const app = await renderSignedIn(selfUser(), path)
      await waitFor(() => expect(app.pathname()).toBe('/home'))
      app.unmount()
    }
  })

  it('serves every screen of the route table with its title', async () => {
    const screens = [
      ['/profile', 'Profile'],
      ['/password', 'Change Password'],
      ['/sessions', 'Sessions'],
      ['/services', 'Services'],
      ['/services/x1', 'Services'],
      ['/attributes', 'Attribute Editor'],
      ['/attributes/demo?root=0193a1b2-0000-7000-8000-000000000011&ref=r1', 'Demo'],
      ['/users', 'Users'],
      ['/users/x1', 'Users'],
      ['/logs', 'Logs'],
      ['/queue', 'Queue'],
      ['/dashboard', 'Dashboard'],
    ] as const
    for (const [path, title] of screens) {
      const app = await renderSignedIn(selfUser(), path)
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible()
      expect(app.pathname()).toBe(path.split('?')[0])
      app.unmount()
    }
  })

  it('logs out from /logout: to / then the login, saying so', async () => {
    const app = renderApp('/logout')
    app.gates.fetchSelf.resolve(selfUser())
    expect(await screen.findByText('Signing out...')).toBeVisible()
    app.gates.signOut.resolve()
    expect(await screen.findByText('You have been logged out of Gatehouse.')).toBeVisible()
    expect(app.pathname()).toBe('/login')
  })

  it('returns to the login when the session expires, keeping the place', async () => {
    const app = await renderSignedIn(selfUser(), '/logs')
    app.session.send({ type: 'session.expired' })
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect(app.router.state.location.search).toEqual({ redirect: '/logs' })
    expect(screen.queryByText('You have been logged out of Gatehouse.')).toBeNull()
  })
})
