/** Thrown by WorkLimit.run when every slot is taken and the waiting line is full. */
export class WorkLimitFull extends Error {
  override name = 'WorkLimitFull'
}

/**
 * Runs at most `concurrency` tasks at a time; up to `maxWaiting` more wait their turn in order, and
 * any beyond that are refused at once. What a burst costs is then bounded by the two numbers, not by
 * how many requests arrive.
 */
export class WorkLimit {
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Tasks running now. */
  get running() {
    return this.#running
  }

  /** Tasks waiting for a slot. */
  get waiting() {
    return this.#waiting.length
  }

  /** Runs `task` when a slot is free; rejects with WorkLimitFull, without running it, when none will be soon. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.concurrency) this.#running++
    else if (this.#waiting.length < this.maxWaiting)
      // The finishing task hands its slot straight over, so #running stays as it is.
      await new Promise<void>((resume) => this.#waiting.push(resume))
    else throw new WorkLimitFull()
    try {
      return await task()
    } finally {
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}
