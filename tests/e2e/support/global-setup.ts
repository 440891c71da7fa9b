import { ensureConsoleBuilt } from '../../../scripts/console-build'
import { ensureServerBuilt } from '../../../scripts/server-build'

/**
 * The suite runs the server bundle against the built console it serves, as `npm start` does. Both
 * are built here, once, before the workers start servers side by side (startServer only checks).
 */
export default function globalSetup(): void {
  ensureConsoleBuilt()
  ensureServerBuilt()
}
