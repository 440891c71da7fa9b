/**
 * One text this browser keeps under `key`, in localStorage (across visits) or sessionStorage
 * (until the browser closes). Storage can be unavailable (private modes, blocked cookies): then
 * nothing is read (null) and writing does nothing, so a preference costs at most a click again.
 */
export function storedText(key: string, area: 'localStorage' | 'sessionStorage' = 'localStorage') {
  return {
    read(): string | null {
      try {
        return globalThis[area]?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    /** Keeps `value`; null forgets it. */
    write(value: string | null): void {
      try {
        if (value === null) globalThis[area]?.removeItem(key)
        else globalThis[area]?.setItem(key, value)
      } catch {
        // Unavailable storage: nothing is kept.
      }
    },
  }
}

/** The ids stored as a JSON list under a storedText: [] when none (or not a list of strings). */
export function readIds(text: string | null): string[] {
  try {
    const stored: unknown = JSON.parse(text ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}
