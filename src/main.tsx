import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createActor } from 'xstate'
import { onSessionExpired } from './data/api/client'
import { claimChunkReloads } from './data/prefs/chunkReload'
import { startupMachine } from './machines/startup.machine'
import { bindRouterToSession, createAppRouter } from './router'
import { App } from './views/app/App'

// A lazy area that fails to load: only our guard (SPEC.md §9) decides about reloading.
claimChunkReloads()

const startup = createActor(startupMachine, { systemId: 'startup' }).start()
// Any authenticated call that finds the session gone sends the person to the login.
onSessionExpired(() => startup.send({ type: 'session.expired' }))

const router = createAppRouter(startup)
bindRouterToSession(router, startup)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')
createRoot(root).render(
  <StrictMode>
    <App startup={startup} router={router} />
  </StrictMode>,
)
