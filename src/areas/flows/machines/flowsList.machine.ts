import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { coverageOfMachine, loadMachine } from '../../../flows/machinePaths'

/** What the Flows list says about one statechart once its paths module has loaded. */
export type FlowSummary = {
  description?: string
  states: number
  transitions: number
  /** Transitions some path of its model-based test takes (coverage = covered / transitions). */
  covered: number
}

export type FlowRow = Pick<CatalogEntry, 'id' | 'usedIn'> &
  (
    | { status: 'loading' }
    | { status: 'ready'; summary: FlowSummary }
    | { status: 'failed'; error: string }
  )

type FlowsListContext = {
  machines: readonly CatalogEntry[]
  rows: FlowRow[]
  /** The index of the machine being summarized. */
  next: number
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

// The browser paints between two macrotasks: the row shows its counts before the replay starts.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Lists the console's statecharts (src/catalog.ts) for the Flows page: loads each one's paths
 * module in turn, counts its states and transitions and replays its paths for the coverage. One
 * machine at a time, so the page stays responsive and the rows fill in as they are counted.
 */
export const flowsListMachine = setup({
  types: {
    context: {} as FlowsListContext,
    input: {} as { machines: readonly CatalogEntry[] },
  },
  actors: {
    summarize: fromPromise<FlowSummary, CatalogEntry>(async ({ input }) => {
      const loaded = await loadMachine(input)
      await nextTask()
      const coverage = coverageOfMachine(loaded)
      return {
        ...(loaded.graph.description ? { description: loaded.graph.description } : {}),
        states: loaded.graph.states.length,
        transitions: loaded.graph.transitions.length,
        covered: coverage.taken,
      }
    }),
  },
  guards: {
    isLast: ({ context }) => context.next >= context.machines.length - 1,
  },
  actions: {
    storeSummary: assign({
      rows: ({ context }, summary: FlowSummary) =>
        context.rows.map((row, i) =>
          i === context.next ? { id: row.id, usedIn: row.usedIn, status: 'ready', summary } : row,
        ),
    }),
    storeFailure: assign({
      rows: ({ context }, error: string) =>
        context.rows.map((row, i) =>
          i === context.next ? { id: row.id, usedIn: row.usedIn, status: 'failed', error } : row,
        ),
    }),
    moveOn: assign({ next: ({ context }) => context.next + 1 }),
  },
}).createMachine({
  id: 'flowsList',
  description:
    "The Flows page's list: every statechart of the console, counted one after the other.",
  context: ({ input }) => ({
    machines: input.machines,
    rows: input.machines.map(({ id, usedIn }) => ({ id, usedIn, status: 'loading' })),
    next: 0,
  }),
  initial: 'summarizing',
  states: {
    summarizing: {
      description: 'Loads one statechart, counts its states and transitions and its coverage.',
      tags: ['busy'],
      invoke: {
        id: 'summarize',
        src: 'summarize',
        input: ({ context }) => context.machines[context.next]!,
        onDone: [
          {
            guard: 'isLast',
            target: 'listed',
            actions: { type: 'storeSummary', params: ({ event }) => event.output },
            description: 'The last statechart was counted: the list is complete.',
          },
          {
            target: 'summarizing',
            reenter: true,
            actions: [{ type: 'storeSummary', params: ({ event }) => event.output }, 'moveOn'],
            description: 'A statechart was counted; the next one is loaded.',
          },
        ],
        onError: [
          {
            guard: 'isLast',
            target: 'listed',
            actions: { type: 'storeFailure', params: ({ event }) => messageOf(event.error) },
            description: 'The last statechart could not be loaded; its row says why.',
          },
          {
            target: 'summarizing',
            reenter: true,
            actions: [
              { type: 'storeFailure', params: ({ event }) => messageOf(event.error) },
              'moveOn',
            ],
            description: 'A statechart could not be loaded; its row says why, and the next one is.',
          },
        ],
      },
    },
    listed: {
      description: 'Every statechart is counted or says why it could not be.',
    },
  },
})

export type FlowsListActor = ActorRefFrom<typeof flowsListMachine>
export type FlowsListSnapshot = SnapshotFrom<typeof flowsListMachine>
