import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  attachExistingMachine,
  type AttachExistingSnapshot,
} from '../../../src/areas/attributes/machines/attachExisting.machine'
import { attachExistingPaths } from '../../../src/areas/attributes/paths/attachExisting.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { formatDateTime } from '../../../src/kit/views/format/dateTime'
import { aKey, aLink, ID, SAMPLE } from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { itemName, pick, renderTree, treeItem } from './attributeTree.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'

const { paths } = buildPaths(attachExistingPaths)
const view = viewCoverage(attachExistingPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown; text?: string } }
type App = Awaited<ReturnType<typeof renderTree>>

const dialog = () => screen.getByRole('dialog', { name: 'Add Existing' })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })

async function openAttach(app: App) {
  app.watch.release()
  await screen.findByRole('tree', { name: 'Attributes' })
  await app.user.click(screen.getByRole('button', { name: /Add/ }))
  await app.user.click(await screen.findByRole('menuitem', { name: 'Add Existing' }))
  await screen.findByRole('dialog', { name: 'Add Existing' })
}

function drive(app: App) {
  const expectPicking = async (s: AttachExistingSnapshot) => {
    expect(within(dialog()).getByRole('searchbox', { name: 'Search keys' })).toHaveValue(
      s.context.search,
    )
    const option = within(dialog()).getByRole('option', { name: /Spare/ })
    expect(option).toHaveAttribute('aria-selected', String(s.context.keyId === ID.kSpare))
    // Kitchen is at the top level already: not offered again.
    expect(within(dialog()).queryByRole('option', { name: /Kitchen/ })).toBeNull()
    if (s.hasTag('busy')) await waitFor(() => expect(inDialog('Add')).toBeDisabled())
    else if (s.context.keyId) await waitFor(() => expect(inDialog('Add')).toBeEnabled())
    else expect(inDialog('Add')).toBeDisabled()
    if (s.context.error)
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(s.context.error)
    else expect(within(dialog()).queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      picking: expectPicking,
      failed: expectPicking,
      linking: async (s: AttachExistingSnapshot) => {
        await expectPicking(s)
        const call = await server.last('saveRecord')
        expect(call.args.slice(0, 3)).toEqual([
          'AttributeKeyAssociation',
          { attributeKeyId: ID.kSpare, parentAssociationId: null, sortOrder: 0 },
          null,
        ])
      },
      linked: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        await waitFor(() => expect(treeItem('Spare')).toHaveAttribute('aria-selected', 'true'))
      },
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(screen.queryByRole('treeitem', { name: itemName('Spare') })).toBeNull()
      },
    },
    events: {
      'attach.search': async ({ event }: Step) => {
        const search = within(dialog()).getByRole('searchbox', { name: 'Search keys' })
        await app.user.clear(search)
        await app.user.type(search, event.text ?? '')
      },
      'attach.choose': () =>
        app.user.click(within(dialog()).getByRole('option', { name: /Spare/ })),
      'attach.submit': () => app.user.click(inDialog('Add')),
      'attach.cancel': () => app.user.click(inDialog('Close')),
      'xstate.done.actor.linkKey': async ({ event }: Step) =>
        (await server.last('saveRecord')).resolve(event.output),
      'xstate.error.actor.linkKey': async ({ event }: Step) =>
        (await server.last('saveRecord')).reject(event.error),
    },
  }
}

describe('Add Existing statechart, driving the Add Existing dialog of the top level', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(attachExistingMachine, [{ input: attachExistingPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderTree()
      await openAttach(app)
      await view.drive(path, drive(app))
    })
  }
})

describe('Add Existing after an import', () => {
  beforeEach(() => server.reset())

  // An import copied Kitchen with its Doors: two trunks named Kitchen, two branches named Doors.
  const imported = '2026-03-09T16:45:00.000Z'
  const copy = (key: ReturnType<typeof aKey>) => ({ ...key, createdAt: imported })
  const IMPORT = {
    kTrunk: '0193a1b2-0000-7000-8000-0000000000b1',
    kBranch: '0193a1b2-0000-7000-8000-0000000000b2',
    kBath: '0193a1b2-0000-7000-8000-0000000000b3',
    trunk: '0193a1b2-0000-7000-8000-0000000000c1',
    branch: '0193a1b2-0000-7000-8000-0000000000c2',
    bath: '0193a1b2-0000-7000-8000-0000000000c3',
  }
  const data = {
    keys: [
      ...SAMPLE.keys,
      copy(aKey(IMPORT.kTrunk, 'Kitchen', 'ROOT')),
      copy(aKey(IMPORT.kBranch, 'Doors', 'BRANCH')),
      aKey(IMPORT.kBath, 'Bathroom', 'ROOT'),
    ],
    links: [
      ...SAMPLE.links,
      aLink(IMPORT.trunk, IMPORT.kTrunk, null, 0),
      aLink(IMPORT.branch, IMPORT.kBranch, IMPORT.trunk, 0),
      aLink(IMPORT.bath, IMPORT.kBath, null, 0),
    ],
  }

  it('tells keys of equal names apart by type, where they are linked and when they were made', async () => {
    const app = await renderTree({ data })
    app.watch.release()
    await screen.findByRole('tree', { name: 'Attributes' })
    await pick(app.user, 'Bathroom', 'Add Existing')
    const doors = within(await screen.findByRole('dialog', { name: 'Add Existing' })).getAllByRole(
      'option',
      { name: /^Doors/ },
    )
    expect(doors.map((option) => option.textContent)).toEqual([
      `DoorsBranchIn Kitchen · Created ${formatDateTime('2026-01-05T10:00:00.000Z')}`,
      `DoorsBranchIn Kitchen · Created ${formatDateTime(imported)}`,
    ])
    // A leaf says its type and where it is too.
    expect(within(dialog()).getByRole('option', { name: /^Width/ })).toHaveTextContent(
      /^WidthIntegerIn Kitchen · Created /,
    )
  })
})
