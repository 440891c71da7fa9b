import type { AttributesPageActor } from '../../../src/areas/attributes/machines/attributesPage.machine'
import { Theme } from '@radix-ui/themes'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onTestFinished } from 'vitest'
import { fromCallback, type AnyActorLogic } from 'xstate'
import type { AttributeServer } from '../../../src/data/api/attributes'
import { attributesDb } from '../../../src/data/db/attributes'
import { watchAttributeTree, type TreeData } from '../../../src/data/db/attributeTree'
import {
  attachExistingActors,
  attachExistingMachine,
} from '../../../src/areas/attributes/machines/attachExisting.machine'
import { attributeKeySaveActors } from '../../../src/areas/attributes/machines/attributeKey.actors'
import { attributeKeyMachine } from '../../../src/areas/attributes/machines/attributeKey.machine'
import { attributeKeySaveMachine } from '../../../src/areas/attributes/machines/attributeKeySave.machine'
import { attributeTreeActors } from '../../../src/areas/attributes/machines/attributeTree.effects'
import {
  attributeTreeMachine,
  type AttributeTreeActor,
  type TreeEvent,
} from '../../../src/areas/attributes/machines/attributeTree.machine'
import {
  conditionalActors,
  conditionalMachine,
} from '../../../src/areas/attributes/machines/conditional.machine'
import {
  keyNameActors,
  keyNameMachine,
} from '../../../src/areas/attributes/machines/keyName.machine'
import {
  removeLinkActors,
  removeLinkMachine,
} from '../../../src/areas/attributes/machines/removeLink.machine'
import {
  treeTransferActors,
  treeTransferMachine,
  type TreeTransferActor,
} from '../../../src/areas/attributes/machines/treeTransfer.machine'
import { AttributesPage } from '../../../src/areas/attributes/views/AttributesPage'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { SAMPLE } from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { stubServer } from './attributes.support'
import { server } from '../account/profile.support'
import { selfUser } from '../../setup/fixtures'
import { testSession, WithSession } from '../../setup/session'

export async function seed(data: TreeData = SAMPLE) {
  const db = attributesDb()
  await db.attributeKeys.clear()
  await db.attributeKeyAssociations.clear()
  // A condition stored by an earlier path would mark its item in the next.
  await db.attributeKeyConditions.clear()
  await db.attributeKeys.bulkPut(data.keys)
  await db.attributeKeyAssociations.bulkPut(data.links)
}

/**
 * The cache watch with a gate: the first reading waits for `release()` (so the loading state can
 * be seen and failed), and `fail()` reports a failed read, which a real cache seldom does.
 */
export function gatedWatch() {
  let released = false
  let pending: TreeData | null = null
  let send: ((event: TreeEvent) => void) | null = null
  const actor = fromCallback<TreeEvent>(({ sendBack }) => {
    send = sendBack
    return watchAttributeTree({
      next: (data) => {
        if (released) sendBack({ type: 'tree.loaded', data })
        else pending = data
      },
      error: (error) => sendBack({ type: 'tree.failed', error }),
    })
  })
  return {
    actor,
    release() {
      released = true
      if (pending) send?.({ type: 'tree.loaded', data: pending })
    },
    fail: () => send?.({ type: 'tree.failed', error: new Error('The cache is gone.') }),
  }
}

/**
 * Every statechart of the Attribute Editor with its server calls stubbed (profile.support's
 * `server`; the cache writes stay real), the tree's watch gated: the machines the page and its
 * dialogs spawn in place of their own (matched by id).
 */
export function editorMachines(
  watch: ReturnType<typeof gatedWatch>,
  transferMachine: AnyActorLogic = treeTransferMachine,
) {
  const stub: AttributeServer = stubServer(server.stub)
  return [
    attributeTreeMachine.provide({
      actors: {
        ...attributeTreeActors(stub),
        watchTree: watch.actor,
        attachExisting: attachExistingMachine.provide({ actors: attachExistingActors(stub) }),
        removeLink: removeLinkMachine.provide({ actors: removeLinkActors(stub) }),
      },
    }),
    transferMachine === treeTransferMachine
      ? treeTransferMachine.provide({ actors: treeTransferActors(stub) })
      : transferMachine,
    keyNameMachine.provide({ actors: keyNameActors(stub) }),
    attributeKeyMachine.provide({
      actors: {
        save: attributeKeySaveMachine.provide({ actors: attributeKeySaveActors(stub) }),
      },
    }),
    conditionalMachine.provide({ actors: conditionalActors(stub) }),
  ]
}

/** The page machine's part `name` (the tree, the transfer), the page being a child of the session. */
function pagePart<T>(session: ReturnType<typeof testSession>, name: 'tree' | 'transfer'): T {
  const page = Object.values(session.getSnapshot().children).find(
    (actor) => (actor as { id?: string } | undefined)?.id?.startsWith('attributesPage') ?? false,
  ) as AttributesPageActor | undefined
  if (!page) throw new Error('No attributesPage actor is running.')
  return page.getSnapshot().context[name] as T
}

/** The Attribute Editor on the seeded cache, with its statecharts and the gated watch. */
export async function renderTree({
  transferMachine = treeTransferMachine,
  data = SAMPLE,
  keepOpenItems = false,
}: {
  /** The transfer statechart to run instead (its server calls stubbed by the caller). */
  transferMachine?: AnyActorLogic
  data?: TreeData
  /** Keep the items left open by an earlier render (this browser session); else start closed. */
  keepOpenItems?: boolean
} = {}) {
  if (!keepOpenItems) sessionStorage.clear()
  await seed(data)
  const watch = gatedWatch()
  // Signed in as the administrator: the editor's actions are guarded by permissions.
  const session = testSession(selfUser())
  const machines = editorMachines(watch, transferMachine)
  // A path's statecharts end with it, so that nothing of it reaches the next path.
  onTestFinished(() => {
    session.stop()
  })
  // The page header asks the router where it is.
  const root = createRootRoute({
    component: () => (
      <WithSession session={session} provide={machines}>
        <Theme>
          <NotifyProvider>
            <AttributesPage />
          </NotifyProvider>
        </Theme>
      </WithSession>
    ),
  })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/attributes'] }),
  })
  const view = render(<RouterProvider router={router as never} />)
  await screen.findByRole('heading', { name: 'Attribute Editor', level: 1 })
  return {
    ...view,
    /** The page's tree statechart, a child of the session. */
    get tree() {
      return pagePart<AttributeTreeActor>(session, 'tree')
    },
    get transfer() {
      return pagePart<TreeTransferActor>(session, 'transfer')
    },
    session,
    watch,
    user: userEvent.setup(),
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * An item's accessible name: the row's own text, its name then its badges ('Colour Conditional
 * String'); `itemName('Colour')` matches it whatever the badges are.
 */
export const itemName = (name: string) =>
  new RegExp(`^${escaped(name)}( Conditional)?( (Trunk|Branch|Boolean|Decimal|Integer|String))?$`)
export const treeItem = (name: string) => screen.getByRole('treeitem', { name: itemName(name) })

/** Opens an item's '…' menu and picks `action`. */
export async function pick(user: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

/** Opens an item through its chevron so that its children show. */
export async function open(user: ReturnType<typeof userEvent.setup>, name: string) {
  const item = treeItem(name)
  if (item.getAttribute('aria-expanded') === 'true') return
  await user.click(within(item).getAllByRole('button', { hidden: true })[0] as HTMLElement)
}
