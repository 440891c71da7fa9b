/** The sign-in area's public face: what other areas may import (docs/architecture.md). */
export { loginPaths } from './paths/login.paths'
