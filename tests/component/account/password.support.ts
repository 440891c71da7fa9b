import { screen } from '@testing-library/react'
import { notSignedIn } from '../../../src/kit/fixtures/api.fixtures'
import { renderApp } from '../../setup/renderApp'
import { passwordMachines } from './password.stubs'

export { calls, passwordMachines, resetCalls } from './password.stubs'

/** A signed-out console at `path`, past the session check. */
export async function renderSignedOut(path: string, heading: string) {
  const app = renderApp(path, { provide: passwordMachines })
  app.gates.fetchSelf.reject(notSignedIn)
  await screen.findByRole('heading', { name: heading })
  return app
}

export const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' })
