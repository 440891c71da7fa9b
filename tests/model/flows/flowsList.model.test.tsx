import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { CatalogEntry } from '../../../src/flows/catalogEntry'
import {
  flowsListPaths,
  LISTED,
  NOT_CONVERTED,
  SUMMARY,
} from '../../../src/areas/flows/paths/flowsList.paths'
import { buildPaths } from '../../../src/flows/model'
import {
  flowsListMachine,
  type FlowSummary,
  type FlowsListSnapshot,
} from '../../../src/areas/flows/machines/flowsList.machine'
import { FlowsList } from '../../../src/areas/flows/views/FlowsListPage'
import { Gate } from '../../setup/gate'
import { setViewport } from '../../setup/media'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { renderFlowsView } from './flows.support'

const { paths } = buildPaths(flowsListPaths)
const view = viewCoverage(flowsListPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }

// Desktop layouts list the statecharts in a table, phones and tablets as cards.
const row = (id: string) => {
  const link = screen.getByRole('link', { name: id })
  const item = link.closest('tr') ?? link.closest('li')
  if (!item) throw new Error(`${id}: neither a table row nor a card`)
  return item
}

function drive(summarize: Gate<FlowSummary>) {
  // The view follows the chart as soon as React renders: each row's checks wait for it.
  const expectRows = (snapshot: FlowsListSnapshot) =>
    waitFor(() => {
      for (const flow of snapshot.context.rows) {
        const shown = row(flow.id)
        expect(shown).toHaveTextContent(flow.usedIn)
        if (flow.status === 'loading') expect(shown).toHaveTextContent('Counting…')
        if (flow.status === 'failed')
          expect(shown).toHaveTextContent(`Not available: ${NOT_CONVERTED}`)
        if (flow.status === 'ready') {
          expect(shown).toHaveTextContent(SUMMARY.description)
          const coverage = '93 % (14 of 15 transitions taken)'
          if (shown.tagName === 'TR')
            expect(
              within(shown)
                .getAllByRole('cell')
                .map((c) => c.textContent),
            ).toEqual([flow.usedIn, String(SUMMARY.states), String(SUMMARY.transitions), coverage])
          else expect(shown).toHaveTextContent(`11 states, 15 transitionsCoverage: ${coverage}`)
        }
      }
    })
  return {
    states: {
      summarizing: async (snapshot: FlowsListSnapshot) => {
        expect(await screen.findByRole('status')).toHaveTextContent('Counting the statecharts…')
        await expectRows(snapshot)
        // One at a time, in the catalog's order: the one being counted is the next.
        await waitFor(() => expect(summarize.inputs).toHaveLength(snapshot.context.next + 1))
        expect((summarize.inputs.at(-1) as CatalogEntry).id).toBe(LISTED[snapshot.context.next]!.id)
      },
      listed: async (snapshot: FlowsListSnapshot) => {
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 statecharts.'))
        await expectRows(snapshot)
      },
    },
    events: {
      'xstate.done.actor.summarize': ({ event }: Step) =>
        summarize.resolve(event.output as FlowSummary),
      'xstate.error.actor.summarize': ({ event }: Step) => summarize.reject(event.error),
    },
  }
}

describe('flowsList statechart, driving the Flows list', () => {
  paths.forEach((path, n) => {
    const phone = n % 2 === 1
    it(`${describePath(path)}${phone ? ', on a phone' : ''}`, async () => {
      if (phone) setViewport({ width: 390 })
      const summarize = new Gate<FlowSummary>()
      const machine = flowsListMachine.provide({
        actors: {
          summarize: fromPromise<FlowSummary, CatalogEntry>(({ input }) => summarize.wait(input)),
        },
      })
      renderFlowsView(() => <FlowsList machines={LISTED} />, [machine])
      await view.drive(path, drive(summarize))
      // Every statechart's row links to its page.
      for (const { id } of LISTED)
        expect(within(row(id)).getByRole('link', { name: id })).toHaveAttribute(
          'href',
          `/flows/${id}`,
        )
      // One layout at a time.
      expect(screen.queryByRole('table') === null).toBe(phone)
    })
  })
})
