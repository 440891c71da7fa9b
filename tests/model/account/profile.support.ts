import { screen, waitFor } from '@testing-library/react'
import { fromPromise } from 'xstate'

/** A stubbed server call the path settles: what it was sent, and how to end it. */
export type PendingCall = {
  name: string
  args: unknown[]
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * The profile's server calls, stubbed (the machines' effects are swapped with `provide()` for
 * `stubbed` actors): each call waits until the path's done or error step settles it.
 */
export const server = {
  calls: [] as PendingCall[],
  stub:
    (name: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => server.calls.push({ name, args, resolve, reject })),
  /** The newest call of `name`, once it was made. */
  async last(name: string): Promise<PendingCall> {
    let call: PendingCall | undefined
    await waitFor(() => {
      call = server.calls.filter((c) => c.name === name).at(-1)
      if (!call) throw new Error(`No ${name} call was made.`)
    })
    return call as PendingCall
  },
  reset: () => void (server.calls.length = 0),
}

/**
 * A promise actor to provide in place of a machine's effect: its call waits in `server` under
 * `name`, with `args(input)` as what it was sent.
 */
export function stubbed<TOutput, TInput>(name: string, args: (input: TInput) => unknown[]) {
  return fromPromise<TOutput, TInput>(
    ({ input }) => server.stub(name)(...args(input)) as Promise<TOutput>,
  )
}

export { refusal } from '../../../src/kit/fixtures/service.fixtures'

export const button = (name: string) => screen.getByRole('button', { name })
