/** A Server-Sent Events client over fetch, for tests: reads blocks and waits for matching ones. */
export interface EventClient {
  status: number
  /** Resolves with the first block (comment or message) that `matches`, waiting up to `timeoutMs`. */
  next(matches: (block: string) => boolean, timeoutMs?: number): Promise<string>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

export async function openEvents(url: string, cookie?: string): Promise<EventClient> {
  const abort = new AbortController()
  const response = await fetch(url, {
    headers: cookie ? { cookie } : {},
    signal: abort.signal,
  })
  const blocks: string[] = []
  const waiters = new Set<() => void>()
  let buffer = ''
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        const parts = buffer.split('\n\n')
        buffer = parts.pop() ?? ''
        blocks.push(...parts)
        for (const wake of waiters) wake()
      }
    } catch {
      // Aborted by close().
    }
  })()
  return {
    status: response.status,
    ended,
    close: () => abort.abort(),
    next(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = blocks.findIndex(matches)
          if (index < 0) return
          const [block] = blocks.splice(0, index + 1).slice(-1)
          cleanup()
          resolve(block!)
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(blocks)}`),
          )
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
  }
}

/** The collections a `data:` block names, or [] for comments. */
export function collectionsIn(block: string): string[] {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length))
    .join('\n')
  return data ? ((JSON.parse(data) as { collections?: string[] }).collections ?? []) : []
}

/** The topics a `data:` block names (`{"topics":["outbox"]}`), or []. */
export function topicsIn(block: string): string[] {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length))
    .join('\n')
  return data ? ((JSON.parse(data) as { topics?: string[] }).topics ?? []) : []
}

export const naming = (collection: string) => (block: string) =>
  collectionsIn(block).includes(collection)
