import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  treeTransferMachine,
  type TreeTransferSnapshot,
} from '../../../src/areas/attributes/machines/treeTransfer.machine'
import { ID } from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  document,
  file,
  treeTransferPaths,
} from '../../../src/areas/attributes/paths/treeTransfer.paths'
import { pick, renderTree, treeItem } from './attributeTree.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'

const { paths } = buildPaths(treeTransferPaths)
const view = viewCoverage(treeTransferPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }

// jsdom has no object URLs; the page's download makes one for the exported file.
Object.assign(URL, {
  createObjectURL: () => 'blob:exported',
  revokeObjectURL: () => {},
})

async function renderPage() {
  const app = await renderTree()
  // What the transfer hands the page to download (the page saves it as a file), and the link the
  // page clicks for it.
  const download = vi.fn()
  app.transfer.on('download', ({ tree, fileName }) => {
    download({ tree, fileName })
  })
  const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  onTestFinished(() => saved.mockRestore())
  app.watch.release()
  await screen.findByRole('tree', { name: 'Attributes' })
  return { ...app, download, saved }
}
type App = Awaited<ReturnType<typeof renderPage>>

function drive(app: App) {
  return {
    states: {
      idle: async (s: TreeTransferSnapshot) => {
        await waitFor(() => expect(screen.getByRole('button', { name: /Add/ })).toBeEnabled())
        if (s.context.error)
          expect(await screen.findByText(new RegExp(`failed: ${s.context.error}`))).toBeVisible()
        else if (s.context.imported) {
          await waitFor(() => expect(treeItem('Spare')).toHaveAttribute('aria-selected', 'true'))
          expect(await screen.findByText('The tree was imported')).toBeVisible()
        } else if (s.context.root) {
          expect(app.download).toHaveBeenLastCalledWith({
            tree: document,
            fileName: 'Kitchen.attributes.json',
          })
          const link = app.saved.mock.contexts.at(-1) as HTMLAnchorElement | undefined
          expect(link?.download).toBe('Kitchen.attributes.json')
          expect(await screen.findByText('Kitchen was exported')).toBeVisible()
        }
      },
      exporting: async () => {
        expect((await server.last('exportTree')).args[0]).toBe(ID.trunk)
      },
      importing: async () => {
        expect((await server.last('importTree')).args[0]).toEqual(document)
        // The add button waits for the import.
        await waitFor(() => expect(screen.getByRole('button', { name: /Add/ })).toBeDisabled())
      },
    },
    events: {
      'transfer.export': () => pick(app.user, 'Kitchen', 'Export'),
      'transfer.import': async () => {
        await app.user.upload(screen.getByLabelText('Import an exported attribute tree'), file)
      },
      'xstate.done.actor.exportTree': async ({ event }: Step) =>
        (await server.last('exportTree')).resolve(event.output),
      'xstate.error.actor.exportTree': async ({ event }: Step) =>
        (await server.last('exportTree')).reject(event.error),
      'xstate.done.actor.importTree': async ({ event }: Step) =>
        (await server.last('importTree')).resolve(event.output),
      'xstate.error.actor.importTree': async ({ event }: Step) =>
        (await server.last('importTree')).reject(event.error),
    },
  }
}

describe('export and import statechart, driving the Attribute Editor', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(treeTransferMachine, [{ input: treeTransferPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await view.drive(path, drive(await renderPage()))
    })
  }

  it('says so when the chosen file is not JSON, without calling the server', async () => {
    const app = await renderPage()
    await app.user.upload(
      screen.getByLabelText('Import an exported attribute tree'),
      new File(['not json'], 'notes.txt', { type: 'application/json' }),
    )
    expect(
      await screen.findByText(
        'The import failed: notes.txt is not an exported attribute tree (it is not JSON).',
      ),
    ).toBeVisible()
    expect(server.calls.filter((call) => call.name === 'importTree')).toEqual([])
  })
})
