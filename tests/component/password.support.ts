import { screen } from '@testing-library/react'
import { ApiError } from '../../src/data/api/ApiError'
import { renderApp } from '../setup/renderApp'
import { passwordMachines } from './password.stubs'

export { calls, passwordMachines, resetCalls } from './password.stubs'

export const notSignedIn = new ApiError(401, 401, 'You are not signed in.')
export const offline = new ApiError(0, 1000, 'The server could not be reached.', true)
export const failure = (status: number, code: number, message: string) =>
  new ApiError(status, code, message)

/** A signed-out console at `path`, past the session check. */
export async function renderSignedOut(path: string, heading: string) {
  const app = renderApp(path, { provide: passwordMachines })
  app.gates.fetchSelf.reject(notSignedIn)
  await screen.findByRole('heading', { name: heading })
  return app
}

export const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' })
