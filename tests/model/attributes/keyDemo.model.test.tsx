import { Theme } from '@radix-ui/themes'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromCallback } from 'xstate'
import type { KeyWithOptions } from '../../../src/data/db/attributeKeys'
import {
  keyDemoMachine,
  type KeyDemoEvent,
  type KeyDemoSnapshot,
} from '../../../src/areas/attributes/machines/keyDemo.machine'
import type { TreeReport } from '../../../src/areas/attributes/machines/attributeTree.types'
import { KeyDemoDialog } from '../../../src/areas/attributes/views/demo/KeyDemoDialog'
import { testSession, WithSession } from '../../setup/session'
import { keyDemoPaths, size } from '../../../src/areas/attributes/paths/keyDemo.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { stubWatch, treeStandIn } from './attributes.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

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

const { paths } = buildPaths(keyDemoPaths)
const view = viewCoverage(keyDemoPaths)

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

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(keyDemoMachine, [{ input: keyDemoPaths.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      renderDemo()
      await waitFor(() => expect(keyWatch.count).toBe(1))
      await view.drive(path, drive)
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
