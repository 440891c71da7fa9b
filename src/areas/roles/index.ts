/** The roles area's public face: what other areas may import (docs/architecture.md). */
export { BUILT_IN_FIXED, holdersText } from './machines/roles.messages'
