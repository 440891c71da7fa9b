import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  removeLinkMachine,
  type RemoveLinkSnapshot,
} from '../../../src/areas/attributes/machines/removeLink.machine'
import { ID } from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { removeLinkPaths } from '../../../src/areas/attributes/paths/removeLink.paths'
import { itemName, open, pick, renderTree } from './attributeTree.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'

const { paths } = buildPaths(removeLinkPaths)
const view = viewCoverage(removeLinkPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderTree>>

const dialog = () => screen.getByRole('alertdialog', { name: 'Remove Colour?' })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })

async function openRemove(app: App) {
  app.watch.release()
  await screen.findByRole('tree', { name: 'Attributes' })
  await open(app.user, 'Kitchen')
  await pick(app.user, 'Colour', 'Remove Link')
  await screen.findByRole('alertdialog', { name: 'Remove Colour?' })
}

function drive(app: App) {
  const gone = async () => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  }
  return {
    states: {
      confirming: () => {
        expect(inDialog('Remove Link')).toBeEnabled()
        expect(inDialog('Cancel')).toBeEnabled()
        expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      removing: async () => {
        expect((await server.last('removeLink')).args[0]).toBe(ID.colour)
        await waitFor(() => expect(inDialog('Cancel')).toBeDisabled())
      },
      failed: async (s: RemoveLinkSnapshot) => {
        const alert = await within(dialog()).findByRole('alert')
        expect(alert).toHaveTextContent(s.context.error ?? '—')
        await waitFor(() => expect(inDialog('Remove Link')).toBeEnabled())
      },
      removed: async () => {
        await gone()
        await waitFor(() =>
          expect(screen.queryByRole('treeitem', { name: itemName('Colour') })).toBeNull(),
        )
        expect(await screen.findByText('Colour was removed')).toBeVisible()
      },
      cancelled: async () => {
        await gone()
        expect(screen.getByRole('treeitem', { name: itemName('Colour') })).toBeVisible()
      },
    },
    events: {
      'remove.confirm': () => app.user.click(inDialog('Remove Link')),
      'remove.cancel': () => app.user.click(inDialog('Cancel')),
      'xstate.done.actor.unlink': async ({ event }: Step) =>
        (await server.last('removeLink')).resolve(event.output),
      'xstate.error.actor.unlink': async ({ event }: Step) =>
        (await server.last('removeLink')).reject(event.error),
    },
  }
}

describe('Remove Link statechart, driving the Remove Link dialog of the tree', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(removeLinkMachine, [{ input: removeLinkPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderTree()
      await openRemove(app)
      await view.drive(path, drive(app))
    })
  }
})
