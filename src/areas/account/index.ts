/** The account area's public face: what other areas may import (docs/architecture.md). */
export { VisageAvatar } from './views/VisageAvatar'
export { MfaGrace } from './views/factors/MfaGraceDialog'
export { PasswordExpiry } from './views/password/PasswordExpiryDialog'
