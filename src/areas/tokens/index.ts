/** The API tokens area's public face: what other areas may import (docs/architecture.md). */
export { TokensPage } from './views/TokensPage'
