/** The Webhooks area's public face: what other areas may import (docs/architecture.md). */
export { WebhooksPage } from './views/WebhooksPage'
export { WebhookPage } from './views/WebhookPage'
