import { ensureConsoleBuilt } from '../../../scripts/console-build'

/** The suite runs against the built console that the server serves, as `npm start` does. */
export default function globalSetup(): void {
  ensureConsoleBuilt()
}
