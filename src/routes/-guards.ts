/* eslint-disable @typescript-eslint/only-throw-error -- TanStack Router guards redirect by throwing redirect(), which is not an Error by design. */
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { waitFor } from 'xstate'
import type { SessionActor } from '../kit/session/session.machine'
import { authStatus, selectUser } from '../kit/session/session.selectors'
import { safeRedirect, type RedirectSearch } from './-redirect'

export type RouterContext = { session: SessionActor }

declare module '@tanstack/history' {
  interface HistoryState {
    /** The path that no route claimed, on the Home entry the console redirected it to. */
    notFound?: string
  }
}

type GuardArgs = { context: RouterContext; location: ParsedLocation }

/**
 * Guards wait for the session to be known: a navigation can start while it is being checked or
 * ended (the logout route sends 'session.signOut' and moves on to '/').
 */
async function settledStatus(session: SessionActor): Promise<'signedIn' | 'signedOut'> {
  const snapshot = await waitFor(session, (s) => authStatus(s) !== 'pending', { timeout: Infinity })
  return authStatus(snapshot) === 'signedIn' ? 'signedIn' : 'signedOut'
}

const toLogin = (location: ParsedLocation) =>
  redirect({ to: '/login', search: { redirect: location.href }, replace: true })

/** The signed-in route set: without a session, to the login, then back here after it. */
export async function requireSignedIn({ context, location }: GuardArgs) {
  if ((await settledStatus(context.session)) === 'signedOut') throw toLogin(location)
}

const PASSWORD_PATH = '/password'

/**
 * A user who must change the password (a generated first password, or an expired one) gets
 * nothing else until it is done: every signed-in route leads to /password. /logout is not in the
 * set and stays open. Runs after requireSignedIn, so the user is known.
 */
export function requirePasswordCurrent({ context, location }: GuardArgs) {
  if (!selectUser(context.session.getSnapshot())?.mustChangePassword) return
  // Paths match case-insensitively, and a trailing slash names the same route.
  const path = location.pathname.toLowerCase().replace(/\/+$/, '')
  if (path !== PASSWORD_PATH) throw redirect({ to: PASSWORD_PATH, replace: true })
}

/** The signed-out route set: with a session, on to where the person was going, or Home. */
export async function requireSignedOut({
  context,
  search,
}: GuardArgs & { search: RedirectSearch }) {
  if ((await settledStatus(context.session)) === 'signedIn') {
    throw redirect({ href: safeRedirect(search.redirect), replace: true })
  }
}

/** The index and unknown paths: Home when signed in, otherwise the login. */
export async function redirectToStart({ context, location }: GuardArgs): Promise<never> {
  if ((await settledStatus(context.session)) === 'signedIn') {
    throw redirect({ to: '/home', replace: true })
  }
  throw location.pathname === '/' ? redirect({ to: '/login', replace: true }) : toLogin(location)
}

/**
 * Paths no route claims: the same as the index (SPEC.md §2: Home when signed in, otherwise the
 * login), and Home is told which path was not found, in the entry's history state, so that the
 * redirect is not silent.
 */
export async function redirectUnknownPath({ context, location }: GuardArgs): Promise<never> {
  if ((await settledStatus(context.session)) === 'signedIn') {
    throw redirect({ to: '/home', replace: true, state: { notFound: location.pathname } })
  }
  throw toLogin(location)
}

/** /logout belongs to both sets: end the session if there is one, then start over at '/'. */
export async function logOut({ context }: GuardArgs): Promise<never> {
  if ((await settledStatus(context.session)) === 'signedIn') {
    context.session.send({ type: 'session.signOut' })
  }
  throw redirect({ to: '/', replace: true })
}
