import { Theme } from '@radix-ui/themes'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromCallback } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { KeyWithOptions } from '../../src/data/db/attributeKeys'
import {
  keyDemoMachine,
  type KeyDemoEvent,
  type KeyDemoSnapshot,
} from '../../src/machines/keyDemo.machine'
import type { TreeReport } from '../../src/machines/attributeTree.types'
import { KeyDemoDialog } from '../../src/views/attributes/demo/KeyDemoDialog'
import { testSession, WithSession } from '../setup/session'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { aKey, anOption } from '../../src/flows/paths/attributes.fixtures'
import { stubWatch, treeStandIn } from './attributes.support'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const size = aKey(5, {
  name: 'Size',
  prompt: 'Which size?',
  type: 'STRING',
  controlType: 'RADIO',
  config: '{"descreteValues":true}',
})
const small = anOption(51, size.id, 'Small', 's', { sortOrder: 0 })
const large = anOption(52, size.id, 'Large', 'l', { sortOrder: 1 })
const found: KeyWithOptions = { key: size, options: [small, large] }
const renamed: KeyWithOptions = { key: { ...size, prompt: 'Pick a size' }, options: [small] }
const missing: KeyWithOptions = { key: undefined, options: [] }

const keyWatch = stubWatch<KeyWithOptions>()

/** The dialog's statechart with the cache watch stubbed: the path says what it holds. */
const stubbed = keyDemoMachine.provide({
  actors: {
    watchKey: fromCallback<KeyDemoEvent, { keyId: string }>(({ input, sendBack }) =>
      keyWatch.watch(input.keyId, {
        next: (found) => sendBack({ type: 'demo.loaded', found }),
        error: (error) => sendBack({ type: 'demo.failed', error }),
      }),
    ),
  },
})

/** The demo dialog as the tree opens it, with a stand-in for the tree it tells of Close. */
function renderDemo(onReport?: (report: TreeReport) => void) {
  const { tree } = treeStandIn(onReport)
  render(
    <WithSession session={testSession()} provide={[stubbed]}>
      <Theme>
        <KeyDemoDialog open keyId={size.id} tree={tree} />
      </Theme>
    </WithSession>,
  )
}

const events = [
  { type: 'demo.loaded', found },
  { type: 'demo.loaded', found: renamed },
  { type: 'demo.loaded', found: missing },
  { type: 'demo.failed', error: new Error('The database is closed.') },
] as unknown as KeyDemoEvent[]

const testMachine = asTestMachine(keyDemoMachine)
const model = createTestModel(testMachine, {
  events,
  input: { keyId: size.id },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.key?.prompt ?? null]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
})
const paths = model.getShortestPaths()

type Step = { event: { type: string; found?: KeyWithOptions } }
const dialog = () => screen.getByRole('dialog', { name: 'AttributeKey Demo' })

const drive = {
  states: {
    'watching.loading': async () => {
      expect(await within(dialog()).findByText('Loading…')).toBeVisible()
    },
    'watching.shown': async (s: KeyDemoSnapshot) => {
      const group = await within(dialog()).findByRole('radiogroup', {
        name: s.context.key?.prompt ?? '',
      })
      expect(within(group).getAllByRole('radio')).toHaveLength(s.context.options.length)
      // Close only: nothing to save here.
      expect(
        within(dialog())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close'])
    },
    'watching.missing': async () => {
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('not in the local data')
    },
    failed: async () => {
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('not in the local data')
    },
  },
  events: {
    'demo.loaded': ({ event }: Step) => act(() => keyWatch.next(event.found as KeyWithOptions)),
    'demo.failed': () => act(() => keyWatch.fail(new Error('The database is closed.'))),
  },
}

describe('key demo statechart, driving the AttributeKey Demo dialog', () => {
  beforeEach(() => keyWatch.reset())

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      renderDemo()
      await waitFor(() => expect(keyWatch.count).toBe(1))
      await path.test(drive)
    })
  }

  it('Close tells the tree', async () => {
    const closed = vi.fn()
    renderDemo((report) => {
      if (report.type === 'tree.closeDialog') closed()
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }))
    expect(closed).toHaveBeenCalledTimes(1)
  })
})
