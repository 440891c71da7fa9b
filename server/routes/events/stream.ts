import { PassThrough } from 'node:stream'
import type { Collection } from '../../../schema/sync'
import type { Topic } from '../../../schema/topics'

/** Comments keep proxies and the browser from dropping a quiet connection. */
export const KEEPALIVE_MS = 25_000

/**
 * One console's Server-Sent Events stream. Messages name the changed collections this user may
 * read: `data: {"collections":["sessions"]}`; lines starting with ':' are comments.
 */
export class EventStream {
  readonly body = new PassThrough()
  private readonly keepalive: ReturnType<typeof setInterval>

  constructor(
    readonly sessionId: string,
    readonly readable: ReadonlySet<Collection>,
    readonly topics: ReadonlySet<Topic> = new Set(),
  ) {
    // The first bytes make the browser report the stream open, which is its cue to pull everything.
    this.body.write(': connected\nretry: 5000\n\n')
    this.keepalive = setInterval(() => this.body.write(': keepalive\n\n'), KEEPALIVE_MS)
    this.keepalive.unref()
    this.body.once('close', () => clearInterval(this.keepalive))
  }

  tell(changed: ReadonlySet<Collection>) {
    const collections = [...changed].filter((collection) => this.readable.has(collection))
    if (collections.length > 0) this.body.write(`data: ${JSON.stringify({ collections })}\n\n`)
  }

  /** `data: {"topics":["outbox"]}`: a separate message, so a reader of collections ignores it. */
  tellTopics(changed: ReadonlySet<Topic>) {
    const topics = [...changed].filter((topic) => this.topics.has(topic))
    if (topics.length > 0) this.body.write(`data: ${JSON.stringify({ topics })}\n\n`)
  }

  end() {
    clearInterval(this.keepalive)
    this.body.end()
  }
}
