import type { Area } from '../../data/db/syncState'
import { cacheVersionMachine } from '../session/cacheVersion.machine'
import { definePaths } from '../../flows/model'

/** Whose caches they are: the signed-in user and their permissions (ownerKey). */
export const owner = 'u-ada:attributes.read,sessions.read'

const outdated: Area[] = ['identity']
const events = [
  { type: 'xstate.done.actor.openCaches', output: [] },
  { type: 'xstate.done.actor.openCaches', output: outdated },
  { type: 'xstate.done.actor.deleteCaches' },
  { type: 'xstate.done.actor.claimCaches' },
] as never[]

export const cacheVersionPaths = definePaths({
  name: 'Cache version rule',
  machine: cacheVersionMachine,
  input: { owner },
  events,
  // The sync's loading screen is on show the whole time; only the reload changes what is seen.
  shows: (s) =>
    s.matches('reloading')
      ? 'The page reloads'
      : s.matches('open')
        ? "'Loading Data, please wait...'; the caches start loading"
        : "'Loading Data, please wait...'; Opening the local database…",
  detail: (event) => {
    const output = (event as { output?: unknown }).output
    return Array.isArray(output)
      ? output.length
        ? `(outdated: ${output.join(', ')})`
        : '(none outdated)'
      : undefined
  },
})

export const models = [cacheVersionPaths]
