/** The flows area's public face: what other areas may import (docs/architecture.md). */
export { CatalogContext, type CatalogSource } from './views/catalogContext'
export { LiveDock } from './views/live/LiveDock'
