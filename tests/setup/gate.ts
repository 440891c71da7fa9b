/**
 * Stands in for a server call: each call waits until the test settles it, so a test decides when
 * and how every effect ends (the model's xstate.done / xstate.error events).
 */
export class Gate<T = unknown> {
  private pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  readonly inputs: unknown[] = []

  /** The stub's body: `fromPromise(({ input }) => gate.wait(input))`. */
  wait = (input?: unknown): Promise<T> => {
    this.inputs.push(input)
    return new Promise<T>((resolve, reject) => this.pending.push({ resolve, reject }))
  }

  resolve(value: T): void {
    this.take().resolve(value)
  }

  reject(error: unknown): void {
    this.take().reject(error)
  }

  private take() {
    const next = this.pending.shift()
    if (!next) throw new Error('Gate: no call is waiting to be settled.')
    return next
  }
}

/** A stubbed call the test settles; only the latest call counts (a left state aborts its call). */
export class Latest<T> {
  private settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | undefined
  readonly inputs: unknown[] = []
  wait = (input: unknown) =>
    new Promise<T>((resolve, reject) => {
      this.inputs.push(input)
      this.settle = { resolve, reject }
    })
  resolve(value: T) {
    this.take().resolve(value)
  }
  reject(error: unknown) {
    this.take().reject(error)
  }
  private take() {
    const settle = this.settle
    if (!settle) throw new Error('No call is waiting to be settled.')
    this.settle = undefined
    return settle
  }
}
