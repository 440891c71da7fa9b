import { ensureConsoleBuilt } from '../../../scripts/console-build'
import { ensureServerBuilt } from '../../../scripts/server-build'

/** The suite runs the server bundle against the built console it serves, as `npm start` does. */
export default function globalSetup(): void {
  ensureConsoleBuilt()
  ensureServerBuilt()
}
