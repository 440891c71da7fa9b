/**
 * Whether this tab shows the live side panel, and what it follows: a machine, or null for
 * whatever screen is open. Kept in sessionStorage, so it lasts across navigation, signing out and
 * in, and reloads of this tab, and no other tab sees it. Small on purpose: the console's first
 * load carries it, the panel itself loads only when this is set.
 */
export type SidePanelChoice = { machine: string | null }

const KEY = 'gatehouse.flows.livePanel'

const subscribers = new Set<() => void>()
// Where sessionStorage is refused (some private modes), the choice lasts as long as the page.
let memory: string | null = null
let cached: { raw: string | null; choice: SidePanelChoice | null } = { raw: null, choice: null }

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

function readRaw(): string | null {
  const store = storage()
  if (!store) return memory
  try {
    return store.getItem(KEY)
  } catch {
    return memory
  }
}

function writeRaw(raw: string | null) {
  memory = raw
  try {
    if (raw === null) storage()?.removeItem(KEY)
    else storage()?.setItem(KEY, raw)
  } catch {
    // Kept in memory only.
  }
  for (const subscriber of subscribers) subscriber()
}

function parse(raw: string | null): SidePanelChoice | null {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    const machine = (value as { machine?: unknown } | null)?.machine
    return typeof machine === 'string' || machine === null ? { machine } : null
  } catch {
    return null
  }
}

/** The choice, the same object until it changes (for useSyncExternalStore). */
export function readSidePanel(): SidePanelChoice | null {
  const raw = readRaw()
  if (raw !== cached.raw) cached = { raw, choice: parse(raw) }
  return cached.choice
}

export const openSidePanel = (choice: SidePanelChoice) => writeRaw(JSON.stringify(choice))

export const closeSidePanel = () => writeRaw(null)

export function subscribeSidePanel(onChange: () => void): () => void {
  subscribers.add(onChange)
  return () => subscribers.delete(onChange)
}
