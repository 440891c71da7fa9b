import { Theme } from '@radix-ui/themes'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { SelfUser } from '../../../schema/user'
import {
  leaf,
  leafKey,
  root,
  ROWS,
  treeDemoPaths,
} from '../../../src/areas/attributes/paths/treeDemo.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  ANSWER_SAVE_DELAY,
  treeDemoMachine,
  type TreeDemoSnapshot,
} from '../../../src/areas/attributes/machines/treeDemo.machine'
import { sessionMachine, type FetchSelfInput } from '../../../src/kit/session/session.machine'
import { SYSTEM_ID } from '../../../src/kit/machines/system'
import {
  treeDemoActors,
  type RowsEvent,
} from '../../../src/areas/attributes/machines/treeDemo.answers'
import type { DemoRows } from '../../../src/areas/attributes/machines/treeDemo.walk'
import { TreeDemoPage } from '../../../src/areas/attributes/views/treeDemo/TreeDemoPage'
import { WithSession } from '../../setup/session'
import { createSyncStub } from '../../setup/syncStub'
import { stubServer } from './attributes.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { inspectViews } from '../../setup/viewInspection'

/** Stubbed calls; each waits until the path settles it, and is settled once. */
const calls = (() => {
  type Call = {
    name: string
    args: unknown[]
    resolve: (v: unknown) => void
    reject: (e: unknown) => void
    settled: boolean
  }
  const list: Call[] = []
  return {
    list,
    stub:
      (name: string) =>
      (...args: unknown[]) =>
        new Promise((resolve, reject) =>
          list.push({ name, args, resolve, reject, settled: false }),
        ),
  }
})()
const rows = {
  watcher: null as null | { next: (rows: unknown) => void; error: (error: unknown) => void },
}

/** The demo's statechart with its effects stubbed: the cache watch the path feeds, the calls it settles. */
const stubbed = treeDemoMachine.provide({
  actors: {
    ...treeDemoActors(stubServer(calls.stub)),
    watchRows: fromCallback<RowsEvent>(({ sendBack }) => {
      rows.watcher = {
        next: (data) => sendBack({ type: 'rows.loaded', rows: data as DemoRows }),
        error: (error) => sendBack({ type: 'rows.failed', error }),
      }
      return () => void (rows.watcher = null)
    }),
  },
})

/**
 * A session for the page alone (as tests/setup/session.tsx's testSession) on a simulated clock:
 * the demo's statechart is the session's child, and its save delay passes when the path says so.
 */
function sessionOn(clock: SimulatedClock) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchSelf: fromPromise<SelfUser, FetchSelfInput>(() => new Promise<SelfUser>(() => {})),
        signOut: fromPromise<void>(() => Promise.resolve()),
        sync: createSyncStub('instant').machine,
      },
    }),
    { systemId: SYSTEM_ID.session, clock, inspect: inspectViews() },
  ).start()
  onTestFinished(() => {
    session.stop()
  })
  return session
}

/** The oldest call of `name` not yet settled, once it was made; settling marks it. */
async function open(name: string) {
  let found: (typeof calls.list)[number] | undefined
  await waitFor(() => {
    found = calls.list.find((call) => call.name === name && !call.settled)
    if (!found) throw new Error(`No open ${name} call.`)
  })
  const call = found as (typeof calls.list)[number]
  return {
    args: call.args,
    resolve: (value: unknown) => {
      call.settled = true
      call.resolve(value)
    },
    reject: (error: unknown) => {
      call.settled = true
      call.reject(error)
    },
  }
}

const { paths } = buildPaths(treeDemoPaths)
const view = viewCoverage(treeDemoPaths)

type Step = {
  event: { type: string; value?: string; refId?: string; output?: unknown; error?: unknown }
}

let respondents = 0

function renderDemo() {
  const clock = new SimulatedClock()
  const session = sessionOn(clock)
  const rootRoute = createRootRoute()
  const demo = createRoute({
    getParentRoute: () => rootRoute,
    path: '/attributes/demo',
    component: () => (
      <WithSession session={session} provide={[stubbed]}>
        <Theme>
          <TreeDemoPage rootId={root.id} refId="r1" onRespondent={() => {}} />
        </Theme>
      </WithSession>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([demo]),
    history: createMemoryHistory({ initialEntries: ['/attributes/demo'] }),
  })
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), clock }
}

const question = () => screen.getByRole('textbox', { name: 'What should it say?' })
const statusText = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text))

function drive(app: ReturnType<typeof renderDemo>) {
  const shown = async (s: TreeDemoSnapshot) => {
    if (s.context.rows) {
      expect(await screen.findByRole('heading', { name: 'Demo: Mug', level: 1 })).toBeVisible()
      await waitFor(() => expect(question()).toHaveValue(s.context.answers[leaf.id] ?? ''))
    }
  }
  const alert = async (text: string) => {
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  }
  return {
    states: {
      loadingAnswers: async () => {
        const call = await open('fetchValues')
        // The respondent on the page (the driver opens a new one each time; see below).
        expect(call.args[0]).toBe(
          screen.getByRole('textbox', { name: 'Reference Id' }).getAttribute('value'),
        )
        expect(screen.queryByRole('textbox', { name: 'What should it say?' })).toBeNull()
        await statusText('Reading the answers…')
      },
      loadFailed: () => alert('Could not read the answers: the server could not be reached.'),
      'answering.saved': async (s: TreeDemoSnapshot) => {
        await shown(s)
        if (s.context.rows) await statusText('Every answer is saved.')
      },
      'answering.waiting': async (s: TreeDemoSnapshot) => {
        await shown(s)
        await statusText('Saving…')
      },
      'answering.saving': async (s: TreeDemoSnapshot) => {
        await shown(s)
        const call = await open('saveRecord')
        expect(call.args.slice(0, 2)).toEqual([
          'AttributeValue',
          {
            refId: screen.getByRole('textbox', { name: 'Reference Id' }).getAttribute('value'),
            attributeKeyId: leafKey.id,
            attributeKeyAssociationId: leaf.id,
            value: s.context.saving[0]?.value,
          },
        ])
      },
      'answering.failed': async (s: TreeDemoSnapshot) => {
        await shown(s)
        await alert('Could not store the answer: Value: too long.')
      },
      unreadable: () =>
        alert('The attribute cache could not be read. Reload the page to try again.'),
    },
    events: {
      'rows.loaded': () => act(() => rows.watcher?.next(ROWS)),
      'rows.failed': ({ event }: Step) => act(() => rows.watcher?.error(event.error)),
      // Before the tree is drawn there is no question to answer (the statechart ignores it too).
      'answer.changed': ({ event }: Step) => {
        const field = screen.queryByRole('textbox', { name: 'What should it say?' })
        if (field) fireEvent.change(field, { target: { value: event.value } })
      },
      'demo.retry': () => app.user.click(screen.getByRole('button', { name: 'Try Again' })),
      // A new reference id each time: which one does not change what the page does.
      'respondent.changed': async () => {
        const field = screen.getByRole('textbox', { name: 'Reference Id' })
        await app.user.clear(field)
        await app.user.type(field, `respondent-${++respondents}`)
        await app.user.click(screen.getByRole('button', { name: 'Open' }))
      },
      'xstate.done.actor.loadAnswers': async () => (await open('fetchValues')).resolve([]),
      'xstate.error.actor.loadAnswers': async ({ event }: Step) =>
        (await open('fetchValues')).reject(event.error),
      // The page's statechart runs on a simulated clock: the wait passes when the path says so.
      'xstate.after.ANSWER_SAVE_DELAY.treeDemo.answering.waiting': () =>
        act(() => app.clock.increment(ANSWER_SAVE_DELAY)),
      'xstate.done.actor.saveAnswers': async () => {
        const call = await open('saveRecord')
        call.resolve({ id: 'value-1' })
      },
      'xstate.error.actor.saveAnswers': async ({ event }: Step) =>
        (await open('saveRecord')).reject(event.error),
    },
  }
}

describe('whole-tree demo statechart, driving the demo page', () => {
  beforeEach(() => {
    calls.list.length = 0
    rows.watcher = null
  })

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(treeDemoMachine, [{ input: treeDemoPaths.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderDemo()
      await view.drive(path, drive(app))
    })
  }

  it('updates the row it created the first time, and keeps answers typed during a save', async () => {
    const app = renderDemo()
    await waitFor(() => expect(rows.watcher).not.toBeNull())
    act(() => rows.watcher?.next(ROWS))
    ;(await open('fetchValues')).resolve([])
    fireEvent.change(await screen.findByRole('textbox', { name: 'What should it say?' }), {
      target: { value: 'Hello' },
    })
    act(() => app.clock.increment(ANSWER_SAVE_DELAY))
    const first = await open('saveRecord')
    expect(first.args[2]).toBeNull()
    // Typed while the first save runs: stored next, as an update of the row just created.
    fireEvent.change(question(), { target: { value: 'Hello there' } })
    first.resolve({ id: 'value-1' })
    await statusText('Saving…')
    act(() => app.clock.increment(ANSWER_SAVE_DELAY))
    const second = await open('saveRecord')
    expect(second.args.slice(1, 3)).toEqual([
      expect.objectContaining({ value: 'Hello there' }),
      'value-1',
    ])
    second.resolve({ id: 'value-1' })
    await statusText('Every answer is saved.')
  })
})
