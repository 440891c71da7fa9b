// `npm start`: build the console when its sources changed, then run the server (DESIGN.md §2).
import { ensureConsoleBuilt } from './console-build'

ensureConsoleBuilt()
await import('../server/main')
