import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { catalogEntry } from '../../../src/catalog'
import type { CatalogEntry } from '../../../src/flows/catalogEntry'
import { flowsChartPaths, UNKNOWN } from '../../../src/areas/flows/paths/flowsChart.paths'
import { buildPaths } from '../../../src/flows/model'
import { changeLines, diffSummary } from '../../../src/flows/diff'
import {
  flowsChartMachine,
  type Chart,
  type FlowsChartSnapshot,
  type Section,
} from '../../../src/areas/flows/machines/flowsChart.machine'
import type {
  SimulationEvent,
  SimulationInput,
  SimulationView,
} from '../../../src/areas/flows/machines/flowsChart.simulation'
import { FlowsChart } from '../../../src/areas/flows/views/FlowsChartPage'
import { Gate } from '../../setup/gate'
import { describePath } from '../describePath'
import { renderFlowsView } from './flows.support'

const { paths } = buildPaths(flowsChartPaths)

type Step = {
  state: FlowsChartSnapshot
  event: {
    type: string
    output?: unknown
    error?: unknown
    section?: Section
    view?: SimulationView
    event?: EventObject
    model?: number
    path?: number
  }
}

const TAB_NAMES: Record<Section, string> = {
  simulate: 'Simulate',
  paths: 'Paths',
  changes: 'Changes',
  live: 'Live',
  export: 'Export',
}

/** The running simulation, as the test plays it: what it was sent, and a way to report. */
class FakeSimulation {
  received: EventObject[] = []
  report: ((event: SimulationEvent) => void) | undefined
  logic = fromCallback<SimulationEvent, SimulationInput>(({ sendBack, receive }) => {
    this.report = sendBack
    receive((event) => this.received.push(event))
  })
}

const button = (name: string) => screen.getByRole('button', { name })
// Radix draws a tab's label twice (the second, hidden, keeps its width when bold): jsdom reads both.
const tab = (section: Section) =>
  screen.getByRole('tab', { name: new RegExp(`^${TAB_NAMES[section]}`) })
const diagram = () => screen.queryByRole('figure', { name: 'Diagram of login' })

/** The keys of the outline's states marked active, sorted (the key is the label's first part). */
function litKeys() {
  const tree = screen.getByRole('tree', { name: 'States of login' })
  return (
    within(tree)
      .getAllByRole('treeitem')
      .filter((item) => item.getAttribute('aria-current') === 'true')
      .map(
        (item) =>
          document.getElementById(item.getAttribute('aria-labelledby')!.split(' ')[0]!)!
            .firstElementChild!.textContent,
      )
      // A compound state's open or closed arrow is drawn for the eye only.
      .map((text) => text.replace(/^[▾▸]\s*/, ''))
      .sort()
  )
}

function expectLit(snapshot: FlowsChartSnapshot, active: readonly string[]) {
  const byId = new Map(snapshot.context.chart!.loaded.graph.states.map((s) => [s.id, s.key]))
  expect(litKeys()).toEqual(active.map((id) => byId.get(id)).sort())
}

async function expectTab(section: Section) {
  await waitFor(() => expect(tab(section)).toHaveAttribute('aria-selected', 'true'))
}

function drive(
  load: Gate<Chart>,
  simulation: FakeSimulation,
  app: ReturnType<typeof renderFlowsView>,
) {
  return {
    states: {
      loading: async () => {
        expect(await screen.findByRole('status')).toHaveTextContent(
          'Loading the statechart and replaying its paths…',
        )
        expect(load.inputs).toEqual([
          { id: 'login', entry: expect.objectContaining({ id: 'login' }) as CatalogEntry },
        ])
      },
      failed: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          `This statechart cannot be shown: ${UNKNOWN}`,
        )
        expect(screen.queryByRole('tablist')).toBeNull()
      },
      'ready.section.simulate': async (snapshot: FlowsChartSnapshot) => {
        await expectTab('simulate')
        const { simulation: view, log, model, chart } = snapshot.context
        expect(diagram()).not.toBeNull()
        // Whichever model it starts from, its name is on show.
        expect(screen.getByRole('combobox', { name: 'Start from' })).toHaveTextContent(
          chart!.loaded.models[model]!.name,
        )
        if (!view) {
          expect(screen.getByText('Nothing has happened yet.')).toBeVisible()
          expectLit(snapshot, [])
          return
        }
        expect(screen.getByRole('status')).toHaveTextContent(
          `Now in ${view.state}: ${view.checkpoint}`,
        )
        for (const choice of view.choices) expect(button(choice.label)).toBeEnabled()
        expectLit(snapshot, view.active)
        const shown = log.length
          ? within(screen.getByRole('list', { name: 'Event log' })).getAllByRole('listitem')
          : []
        expect(shown.map((item) => item.textContent)).toEqual(
          log.map((entry) => `${entry.text}Then in ${entry.state}`),
        )
      },
      'ready.section.paths': async (snapshot: FlowsChartSnapshot) => {
        await expectTab('paths')
        const chart = snapshot.context.chart!
        expect(screen.getByRole('list', { name: 'Paths' }).children).toHaveLength(
          chart.paths.paths.length,
        )
        const playing = snapshot.hasTag('playing') ? snapshot.context.playing : null
        if (!playing) {
          expect(
            screen.getByText(
              'Press Play on a path below to follow it on the diagram, step by step.',
            ),
          ).toBeVisible()
          expectLit(snapshot, [])
          return
        }
        const path = chart.paths.paths[playing.path]!
        const step = playing.step ? path.steps[playing.step - 1]! : undefined
        expect(screen.getByRole('status')).toHaveTextContent(
          `${path.id}, step ${playing.step} of ${path.steps.length}`,
        )
        expect(screen.getByRole('status')).toHaveTextContent(
          step ? step.action : `Start: ${path.start.checkpoint}`,
        )
        expectLit(snapshot, step ? step.active : path.start.active)
        expect(button('Previous step')).toHaveProperty('disabled', playing.step === 0)
        expect(button('Next step')).toHaveProperty('disabled', playing.step === path.steps.length)
        expect(button(`Play ${path.id}`).closest('li')).toHaveAttribute('aria-current', 'true')
      },
      'ready.section.changes': async (snapshot: FlowsChartSnapshot) => {
        await expectTab('changes')
        const { diff, version } = snapshot.context.chart!.changes
        // The sample release differs from login by one state, one transition and one description.
        expect(diagram()).toBeNull()
        const figure = screen.getByRole('figure', {
          name: `Changes to login since release ${version}`,
        })
        expect(screen.getByText(`Since release ${version}: ${diffSummary(diff)}.`)).toBeVisible()
        const legend = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')
        expect(legend.map((item) => item.textContent)).toEqual([
          expect.stringContaining('+ added'),
          expect.stringContaining('− removed'),
          expect.stringContaining('~ changed'),
        ])
        const items = within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem')
        const listed = items.filter((item) => item.parentElement?.getAttribute('aria-label'))
        expect(listed.map((item) => item.querySelector('p')!.textContent)).toEqual(
          changeLines(diff).map((line) => `${line.change} ${line.text}`),
        )
        // The diagram tags each changed state in words, the removed one drawn back in.
        for (const words of ['− removed', '~ changed'])
          expect(await within(figure).findByText(words)).toBeInTheDocument()
      },
      'ready.section.live': async () => {
        await expectTab('live')
        // Live draws the console's running actors in a diagram of its own.
        expect(diagram()).toBeNull()
      },
      'ready.section.export': async () => {
        await expectTab('export')
        expect(diagram()).not.toBeNull()
        for (const name of ['SVG', 'PNG', 'Machine JSON']) expect(button(name)).toBeEnabled()
      },
    },
    events: {
      'xstate.done.actor.loadChart': ({ event }: Step) => load.resolve(event.output as Chart),
      'xstate.error.actor.loadChart': ({ event }: Step) => load.reject(event.error),
      'section.chosen': async ({ event }: Step) => {
        // A tab on show does nothing when pressed again (Radix): to choose its section, the
        // person goes to another one and back, and the chart takes the choice.
        if (tab(event.section!).getAttribute('aria-selected') === 'true')
          await app.user.click(tab(event.section === 'export' ? 'simulate' : 'export'))
        await app.user.click(tab(event.section!))
      },
      'simulation.changed': ({ event }: Step) => {
        act(() => simulation.report!(event as SimulationEvent))
      },
      'simulate.send': async ({ state, event }: Step) => {
        const choice = state.context.simulation!.choices.find((c) => c.event === event.event)!
        const sent = simulation.received.length
        await app.user.click(button(choice.label))
        expect(simulation.received.slice(sent)).toEqual([
          { type: 'simulate.send', event: event.event },
        ])
      },
      'simulate.reset': () => app.user.click(button('Reset')),
      'simulate.modelChosen': async ({ event }: Step) => {
        await app.user.click(screen.getByRole('combobox', { name: 'Start from' }))
        const names = ['Sign-in', 'Sign-in on a browser without a passkey']
        await app.user.click(await screen.findByRole('option', { name: names[event.model!] }))
      },
      'path.play': ({ event }: Step) => app.user.click(button(`Play login-${event.path! + 1}`)),
      'path.forward': () => app.user.click(button('Next step')),
      'path.back': () => app.user.click(button('Previous step')),
      'path.stop': () => app.user.click(button('Stop')),
    },
  }
}

describe('flowsChart statechart, driving the page of a statechart', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const load = new Gate<Chart>()
      const simulation = new FakeSimulation()
      const machine = flowsChartMachine.provide({
        actors: {
          loadChart: fromPromise<Chart, { id: string; entry: CatalogEntry | undefined }>(
            ({ input }) => load.wait(input),
          ),
          simulation: simulation.logic,
        },
      })
      const app = renderFlowsView(
        () => <FlowsChart id="login" entry={catalogEntry('login')} />,
        [machine],
      )
      await path.test(drive(load, simulation, app))
    })
  }
})
