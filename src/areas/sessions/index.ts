/** The sessions area's public face: what other areas may import (docs/architecture.md). */
export { revokeMachine, type RevokeActor } from './machines/revoke.machine'
export { RevokeDialog } from './views/RevokeDialog'
export { describeSessionOnce } from './views/sessionDisplay'
export { RevokeButton } from './views/SessionRow'
