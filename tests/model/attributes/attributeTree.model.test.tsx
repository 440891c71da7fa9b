import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AttributeKeyAssociation } from '../../../schema/attributes'
import { attributesDb } from '../../../src/data/db/attributes'
import type {
  AttributeTreeSnapshot,
  TreeEvent,
} from '../../../src/areas/attributes/machines/attributeTree.machine'
import { attributeTreePaths } from '../../../src/areas/attributes/paths/attributeTree.paths'
import {
  aKey,
  aLink,
  ID,
  SAMPLE,
  saved,
} from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { aCondition } from '../../../src/areas/attributes/paths/attributes.fixtures'
import { itemName, open, pick, renderTree, treeItem } from './attributeTree.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'

const renumbered = (ids: string[], rows: AttributeKeyAssociation[]) =>
  ids.map((id, index) =>
    saved(rows.find((row) => row.id === id) as AttributeKeyAssociation, { sortOrder: index }),
  )

const kitchenChildren = () => SAMPLE.links.filter((link) => link.parentAssociationId === ID.trunk)

const { paths } = buildPaths(attributeTreePaths)
const view = viewCoverage(attributeTreePaths)

/** A treeitem's name as its aria-labelledby composes it: the row's own visible texts. */
const labelOf = (item: HTMLElement) =>
  (item.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

type Step = {
  event: { type: string; output?: unknown; error?: unknown }
  state: AttributeTreeSnapshot
}
type App = Awaited<ReturnType<typeof renderTree>>

const dialogNamed = (name: string) => screen.getByRole('dialog', { name })
const anyDialog = () => screen.getByRole('dialog')
const alertDialog = () => screen.getByRole('alertdialog')
const KIND_TITLE = {
  trunk: 'AttributeKey Trunk',
  branch: 'AttributeKey Branch',
  leaf: 'AttributeKey',
}

function drive(app: App) {
  const { user } = app
  const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const expectTree = async () => {
    await screen.findByRole('tree', { name: 'Attributes' })
    await noDialog()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  }
  return {
    states: {
      loading: () => {
        expect(screen.getByText('Loading attributes…')).toBeVisible()
      },
      failed: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          'The attributes could not be read from this browser’s data.',
        )
      },
      'ready.action.idle': async () => {
        await expectTree()
        // Idle again (a reorder stored or put back): Add offers its menu once more.
        await waitFor(() => expect(screen.getByRole('button', { name: /^Add/ })).toBeEnabled())
        // The graph keeps one snapshot per serialized state; the running tree's is this path's own.
        const s = app.tree.getSnapshot()
        if (s.context.error) expect(await screen.findByText(s.context.error)).toBeVisible()
        if (s.context.selectedId === ID.linkNew)
          await waitFor(() =>
            expect(screen.getByRole('treeitem', { selected: true })).toHaveAttribute(
              'id',
              `attribute-item-${ID.linkNew}`,
            ),
          )
      },
      'ready.action.keyDialog': async (s: AttributeTreeSnapshot) => {
        const kind = s.context.dialog?.kind ?? 'leaf'
        expect(await screen.findByRole('dialog', { name: KIND_TITLE[kind] })).toBeVisible()
      },
      'ready.action.linking': async (s: AttributeTreeSnapshot) => {
        const call = await server.last('saveRecord')
        expect(call.args.slice(0, 3)).toEqual([
          'AttributeKeyAssociation',
          {
            attributeKeyId: s.context.dialog?.keyId,
            parentAssociationId: s.context.dialog?.parentId,
            sortOrder: 0,
          },
          null,
        ])
      },
      'ready.action.demoDialog': async () => {
        const dialog = await screen.findByRole('dialog', { name: 'AttributeKey Demo' })
        // Width's own preview: the demo is about the item the menu was opened on.
        expect(await within(dialog).findByText('Width')).toBeVisible()
      },
      'ready.action.conditionalDialog': async () => {
        const dialog = await screen.findByRole('dialog', { name: 'Conditional Attribute' })
        expect(await within(dialog).findByText('Values of Width')).toBeVisible()
      },
      'ready.action.attachDialog': async () => {
        expect(await screen.findByRole('dialog', { name: 'Add Existing' })).toBeVisible()
      },
      'ready.action.removeDialog': async () => {
        const dialog = await screen.findByRole('alertdialog', { name: 'Remove Colour?' })
        expect(within(dialog).getByRole('button', { name: 'Remove Link' })).toBeEnabled()
      },
      'ready.action.reordering': async (s: AttributeTreeSnapshot) => {
        const call = await server.last('reorderChildren')
        expect(call.args.slice(0, 2)).toEqual([s.context.order?.parentId, s.context.order?.ids])
        // Optimistic: the cache has the new order before the server answers.
        const rows = await attributesDb().attributeKeyAssociations.bulkGet(
          s.context.order?.ids ?? [],
        )
        expect(rows.map((row) => row?.sortOrder)).toEqual(
          s.context.order?.ids.map((_, index) => index),
        )
      },
    },
    events: {
      'tree.loaded': async () => {
        if (app.tree.getSnapshot().matches('loading')) return app.watch.release()
        // A change from elsewhere (the sync): Spare becomes a trunk of its own.
        await attributesDb().attributeKeyAssociations.put(aLink(ID.linkNew, ID.kSpare, null, 0))
        // A dialog may cover the tree (hidden from the accessibility tree meanwhile).
        expect(
          await screen.findByRole('treeitem', { name: itemName('Spare'), hidden: true }),
        ).toBeInTheDocument()
      },
      'tree.failed': () => act(() => app.watch.fail()),
      // Someone stores a condition that includes Colour: the tree marks it.
      'tree.conditioned': async () => {
        await attributesDb().attributeKeyConditions.put(aCondition(90, ID.kWidth, '10', ID.colour))
        await open(user, 'Kitchen')
        await waitFor(() =>
          expect(treeItem('Colour')).toHaveAccessibleName('Colour Conditional String'),
        )
        await user.keyboard('{Escape}')
      },
      // The real restore has run at start (nothing stored); this one says Kitchen was left open.
      'tree.restored': () =>
        act(() => app.tree.send({ type: 'tree.restored', expanded: [ID.trunk] })),
      'tree.toggle': async () => {
        await user.click(
          within(treeItem('Kitchen')).getAllByRole('button', { hidden: true })[0] as HTMLElement,
        )
        expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'true')
      },
      'tree.expand': async () => {
        act(() => treeItem('Kitchen').focus())
        await user.keyboard('{ArrowRight}')
        expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'true')
        expect(treeItem('Doors')).toBeVisible()
      },
      'tree.collapse': async () => {
        act(() => treeItem('Kitchen').focus())
        await user.keyboard('{ArrowRight}')
        await user.keyboard('{ArrowLeft}')
        expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'false')
      },
      'tree.focus': async () => {
        act(() => treeItem('Kitchen').focus())
        await user.keyboard('{ArrowDown}{ArrowUp}')
        expect(treeItem('Kitchen')).toHaveFocus()
        expect(treeItem('Kitchen')).toHaveAttribute('tabindex', '0')
      },
      'tree.select': async () => {
        await user.click(within(treeItem('Kitchen')).getByText('Kitchen'))
        expect(treeItem('Kitchen')).toHaveAttribute('aria-selected', 'true')
      },
      'tree.newTrunk': async () => {
        await user.click(screen.getByRole('button', { name: /Add/ }))
        await user.click(await screen.findByRole('menuitem', { name: 'New Trunk' }))
      },
      'tree.newBranch': () => pick(user, 'Kitchen', 'New Branch'),
      'tree.newLeaf': () => pick(user, 'Kitchen', 'New Leaf'),
      'tree.edit': async () => {
        await open(user, 'Kitchen')
        await pick(user, 'Doors', 'Edit')
      },
      'tree.demo': async () => {
        await open(user, 'Kitchen')
        await pick(user, 'Width', 'Demo')
      },
      'tree.conditional': async () => {
        await open(user, 'Kitchen')
        await pick(user, 'Width', 'Conditional')
      },
      'tree.addExisting': async () => {
        await user.click(screen.getByRole('button', { name: /Add/ }))
        await user.click(await screen.findByRole('menuitem', { name: 'Add Existing' }))
      },
      'tree.removeLink': async () => {
        await open(user, 'Kitchen')
        await pick(user, 'Colour', 'Remove Link')
      },
      'tree.move': async () => {
        await open(user, 'Kitchen')
        await pick(user, 'Colour', 'Move up')
      },
      // jsdom has no layout for dnd-kit to measure: the drop is sent as the DndContext would send
      // it; tests/e2e/attributes/tree.spec.ts drags for real, by pointer and by keyboard.
      'tree.drop': ({ event }: Step) => {
        app.tree.send(event as TreeEvent)
      },
      'tree.keySaved': async ({ state }: Step) => {
        const dialog = state.context.dialog
        if (dialog?.kind === 'leaf') {
          // The AttributeKey dialog saves the new leaf; its statechart tells the tree the id.
          const leaf = dialogNamed('AttributeKey')
          await user.type(await within(leaf).findByLabelText('Name'), 'Depth')
          await user.click(within(leaf).getByRole('button', { name: 'Save' }))
          ;(await server.last('saveRecord')).resolve(aKey(ID.kNew, 'Depth', 'INTEGER'))
          await noDialog()
          return
        }
        const named = dialogNamed(KIND_TITLE[dialog?.kind ?? 'trunk'])
        // The name is read first; Save comes on only once it is changed (SPEC.md §5).
        await waitFor(() =>
          expect(within(named).getByLabelText('Name')).not.toHaveAttribute('readonly'),
        )
        await user.clear(within(named).getByLabelText('Name'))
        await user.type(within(named).getByLabelText('Name'), 'Pantry')
        await user.click(within(named).getByRole('button', { name: 'Save' }))
        const call = await server.last('saveRecord')
        call.resolve(
          // A new key goes on to be linked; an edited one was saved in place.
          state.hasTag('linking')
            ? aKey(ID.kNew, 'Pantry', dialog?.kind === 'trunk' ? 'ROOT' : 'BRANCH')
            : saved(aKey(ID.kBranch, 'Doors', 'BRANCH'), { name: 'Pantry' }),
        )
        await noDialog()
      },
      // Close, or Cancel in the Conditional Attribute dialog; the dialog's statechart tells the tree.
      'tree.closeDialog': async () => {
        const close = await within(anyDialog()).findByRole('button', { name: /^(Close|Cancel)$/ })
        await waitFor(() => expect(close).toBeEnabled())
        await user.click(close)
      },
      'xstate.done.actor.linkKey': async ({ state }: Step) => {
        const parentId = state.context.dialog?.parentId ?? null
        const keyId = state.context.dialog?.keyId ?? ID.kNew
        ;(await server.last('saveRecord')).resolve(aLink(ID.linkNew, keyId, parentId, 0))
        if (parentId === null) return
        // Under a parent the siblings already there are renumbered after the new item.
        const call = await server.last('reorderChildren')
        const rows = [aLink(ID.linkNew, keyId, parentId, 0), ...kitchenChildren()]
        expect(call.args.slice(0, 2)).toEqual([parentId, rows.map((row) => row.id)])
        call.resolve(renumbered(call.args[1] as string[], rows))
        await waitFor(() =>
          expect(
            treeItem(
              keyId === ID.kNew && state.context.dialog?.kind === 'leaf' ? 'Depth' : 'Pantry',
            ),
          ).toHaveAttribute('aria-posinset', '1'),
        )
      },
      'xstate.error.actor.linkKey': async ({ event }: Step) =>
        (await server.last('saveRecord')).reject(event.error),
      'xstate.done.actor.reorderLinks': async () => {
        const call = await server.last('reorderChildren')
        call.resolve(renumbered(call.args[1] as string[], kitchenChildren()))
        // The tree takes the answer once the call settles: Add is on again.
        await waitFor(() => expect(screen.getByRole('button', { name: /^Add/ })).toBeEnabled())
      },
      'xstate.error.actor.reorderLinks': async ({ event }: Step) => {
        ;(await server.last('reorderChildren')).reject(event.error)
        // Put back: the stored order is the old one again.
        await waitFor(async () =>
          expect((await attributesDb().attributeKeyAssociations.get(ID.colour))?.sortOrder).toBe(2),
        )
      },
      'xstate.done.actor.removeLink': async ({ event }: Step) => {
        if (!event.output)
          return user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' }))
        await user.click(within(alertDialog()).getByRole('button', { name: 'Remove Link' }))
        ;(await server.last('removeLink')).resolve(event.output)
        await waitFor(() =>
          expect(screen.queryByRole('treeitem', { name: itemName('Colour') })).toBeNull(),
        )
        expect(await screen.findByText('Colour was removed')).toBeVisible()
      },
      'xstate.done.actor.attachExisting': async ({ event }: Step) => {
        const dialog = dialogNamed('Add Existing')
        if (!event.output) return user.click(within(dialog).getByRole('button', { name: 'Close' }))
        await user.click(within(dialog).getByRole('option', { name: /Spare/ }))
        await user.click(within(dialog).getByRole('button', { name: 'Add' }))
        ;(await server.last('saveRecord')).resolve(event.output)
      },
    },
  }
}

describe('attribute tree statechart, driving the Attribute Editor', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(attributeTreePaths.machine, [{ input: attributeTreePaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await view.drive(path, drive(await renderTree()))
    })
  }

  it('lists roots by name and children by sortOrder, as a WAI-ARIA tree', async () => {
    const app = await renderTree()
    app.watch.release()
    await attributesDb().attributeKeyAssociations.put(aLink(ID.linkNew, ID.kSpare, null, 0))
    const roots = await screen.findAllByRole('treeitem')
    await waitFor(() =>
      expect(screen.getAllByRole('treeitem').map((item) => labelOf(item))).toEqual([
        'Kitchen Trunk',
        'Spare Trunk',
      ]),
    )
    expect(roots[0]).toHaveAttribute('aria-level', '1')
    await open(app.user, 'Kitchen')
    const names = screen
      .getAllByRole('treeitem')
      .map((item) => [labelOf(item), item.getAttribute('aria-level')])
    expect(names).toEqual([
      ['Kitchen Trunk', '1'],
      ['Doors Branch', '2'],
      ['Width Integer', '2'],
      ['Colour String', '2'],
      ['Spare Trunk', '1'],
    ])
    // The open item owns its group; the badges of every row, handle or none, keep one column.
    expect(treeItem('Kitchen')).toHaveAttribute('aria-owns', `attribute-group-${ID.trunk}`)
    expect(document.getElementById(`attribute-group-${ID.trunk}`)).toHaveAttribute('role', 'group')
    // Roots are not draggable; the others have a handle.
    expect(screen.queryByRole('button', { name: 'Reorder Kitchen' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Reorder Width' })).toBeInTheDocument()
    // Conditional is off for the last sibling; Move down too.
    await app.user.click(screen.getByRole('button', { name: 'Actions for Colour' }))
    expect(await screen.findByRole('menuitem', { name: 'Conditional' })).toHaveAttribute(
      'data-disabled',
    )
    expect(screen.getByRole('menuitem', { name: 'Move down' })).toHaveAttribute('data-disabled')
  })

  it('keeps the open items for the browser session: leaving the page and coming back', async () => {
    const first = await renderTree()
    first.watch.release()
    await screen.findByRole('tree', { name: 'Attributes' })
    await open(first.user, 'Kitchen')
    await open(first.user, 'Doors')
    expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'true')
    // Leaving the page stops its statecharts (the session's screen actors end with their view).
    first.unmount()

    const again = await renderTree({ keepOpenItems: true })
    again.watch.release()
    await waitFor(() => expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'true'))
    expect(treeItem('Width')).toBeVisible()
    // Closing is kept too.
    await again.user.click(
      within(treeItem('Kitchen')).getAllByRole('button', { hidden: true })[0] as HTMLElement,
    )
    again.unmount()

    const third = await renderTree({ keepOpenItems: true })
    third.watch.release()
    await screen.findByRole('tree', { name: 'Attributes' })
    expect(treeItem('Kitchen')).toHaveAttribute('aria-expanded', 'false')
  })

  it('shows an empty state when there is nothing yet', async () => {
    const app = await renderTree()
    await attributesDb().attributeKeyAssociations.clear()
    app.watch.release()
    expect(await screen.findByRole('heading', { name: 'No attributes yet' })).toBeVisible()
    // The next step is right there: New Trunk opens its dialog.
    await app.user.click(screen.getByRole('button', { name: 'New Trunk' }))
    expect(await screen.findByRole('dialog', { name: 'AttributeKey Trunk' })).toBeVisible()
  })
})
