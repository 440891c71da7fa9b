import type { syncMachine } from './sync.machine'

type SyncMachine = typeof syncMachine

let loaded: SyncMachine | undefined

/**
 * Loads the sync statechart's module, and with it the caches (Dexie), and starts the sync worker
 * so that its script loads while the user is fetched and the caches are opened. The session calls
 * it once it knows someone is signed in, so that a visitor of /login loads none of it
 * (docs/console-first-load.md).
 */
export async function loadSyncMachine(): Promise<SyncMachine> {
  if (!loaded) {
    const module = await import('./sync.machine')
    module.startSyncWorker()
    loaded = module.syncMachine
  }
  return loaded
}

function machine(): SyncMachine {
  if (!loaded) throw new Error('The sync statechart was started before loadSyncMachine() ended.')
  return loaded
}

/**
 * The sync statechart as the session's `sync` actor: every use is the loaded machine's (the
 * session invokes it only in signedIn, which it enters after loadSyncMachine()), and it is an
 * instance of StateMachine as far as `instanceof` goes (the live Flows view asks).
 */
export const lazySyncMachine = new Proxy({} as SyncMachine, {
  get: (_, key) => Reflect.get(machine(), key) as unknown,
  has: (_, key) => Reflect.has(machine(), key),
  getPrototypeOf: () => Reflect.getPrototypeOf(machine()),
})
