// `npm start`: build the console and bundle the server when their sources changed, then run the
// bundle in this process (DESIGN.md §2). Node 24 runs this file itself (type stripping), so the
// server runs without tsx's loader and transpiled sources (docs/server-performance.md).
import { pathToFileURL } from 'node:url'
import { ensureConsoleBuilt } from './console-build.ts'
import { ensureServerBuilt } from './server-build.ts'

ensureConsoleBuilt()
await import(pathToFileURL(ensureServerBuilt()).href)
