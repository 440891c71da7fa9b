/** The groups area's public face: what other areas may import (docs/architecture.md). */
export { membersText } from './machines/groups.messages'
