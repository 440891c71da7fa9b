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
