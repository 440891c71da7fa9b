import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { onSessionExpired } from './data/api/client'
import { claimChunkReloads } from './data/prefs/chunkReload'
import { publishLive } from './flows/live'
import { createInspection } from './flows/inspection'
import { sessionMachine, startSession } from './kit/session/session.machine'
import { bindRouterToSession, createAppRouter } from './router'
import { App } from './areas/shell/views/App'
import type { CatalogEntry } from './flows/catalogEntry'

// A lazy area that fails to load: only our guard (SPEC.md §9) decides about reloading.
claimChunkReloads()

// Every actor of the console joins the session's system, so this one inspection point sees them all.
const inspection = createInspection()
const session = startSession(sessionMachine, { inspect: inspection.inspect })
// The Flows page's live view, in this tab or another, follows these actors (only while it listens).
publishLive(inspection, session)
// Any authenticated call that finds the session gone sends the person to the login.
onSessionExpired(() => session.send({ type: 'session.expired' }))

// The statecharts' catalog loads when a Flows view first asks for it, not with /login.
let catalogLoad: Promise<readonly CatalogEntry[]> | undefined
const catalog = () => (catalogLoad ??= import('./catalog').then((module) => module.catalog))

const router = createAppRouter(session)
bindRouterToSession(router, session)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')
createRoot(root).render(
  <StrictMode>
    <App session={session} router={router} catalog={catalog} />
  </StrictMode>,
)
