import 'fake-indexeddb/auto'
import { Theme } from '@radix-ui/themes'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmptyActor, fromPromise } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { AttributeKey } from '../../schema/attributes'
import { attributesDb } from '../../src/data/db/attributes'
import {
  keyNameActors,
  keyNameMachine,
  type KeyNameEvent,
  type KeyNameSnapshot,
} from '../../src/machines/keyName.machine'
import { shownName } from '../../src/machines/attributeTree.messages'
import { KeyNameDialog } from '../../src/views/attributes/tree/KeyNameDialog'
import { NotifyProvider } from '../../src/views/notify/Notifications'
import { testSession, WithSession } from '../setup/session'
import { aKey, ID, saved } from '../../src/flows/paths/attributeTree.fixtures'
import { stubServer, treeStandIn } from './attributes.support'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { refusal, server } from './profile.support'

/** The dialog's statechart on the stubbed server, its cache read stubbed too (to see it load). */
const stubbed = keyNameMachine.provide({
  actors: {
    ...keyNameActors(stubServer(server.stub)),
    readKey: fromPromise<AttributeKey | undefined, { keyId: string | null }>(({ input }) =>
      input.keyId
        ? (server.stub('readAttributeKey')(input.keyId) as Promise<AttributeKey | undefined>)
        : Promise.resolve(undefined),
    ),
  },
})

const branch = aKey(ID.kBranch, 'Doors', 'BRANCH')
const renamed = saved(branch, { name: 'Drawers' })

const events = [
  { type: 'xstate.done.actor.readKey', output: branch },
  { type: 'xstate.error.actor.readKey', error: new Error('The cache could not be read.') },
  { type: 'keyName.edit', value: 'Drawers' },
  // Back to the loaded name, and blank: the form is pristine again and Save goes off (SPEC.md §5).
  { type: 'keyName.edit', value: 'Doors' },
  { type: 'keyName.edit', value: '' },
  { type: 'keyName.save' },
  { type: 'keyName.close' },
  { type: 'xstate.done.actor.saveKey', output: renamed },
  {
    type: 'xstate.error.actor.saveKey',
    error: refusal(422, 'Name must be at most 200 characters.'),
  },
] as unknown as KeyNameEvent[]

const testMachine = asTestMachine(keyNameMachine)
const model = createTestModel(testMachine, {
  events,
  input: { keyId: ID.kBranch, type: 'BRANCH', tree: createEmptyActor() },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.name, s.context.original, s.context.error]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
})
const paths = model.getShortestPaths()

type Step = { event: { type: string; output?: unknown; error?: unknown; value?: string } }

function renderDialog(keyId: string | null, type: 'ROOT' | 'BRANCH' = 'BRANCH') {
  // The tree the dialog tells: what it hears stands for the old onSave(id) and onClose().
  const { tree, told } = treeStandIn()
  render(
    <WithSession session={testSession()} provide={[stubbed]}>
      <Theme>
        <NotifyProvider>
          <KeyNameDialog open keyId={keyId} type={type} tree={tree} />
        </NotifyProvider>
      </Theme>
    </WithSession>,
  )
  const saves = () => told.filter((report) => report.type === 'tree.keySaved')
  const closes = () => told.filter((report) => report.type === 'tree.closeDialog')
  return { saves, closes, user: userEvent.setup() }
}

const dialog = () => screen.getByRole('dialog', { name: 'AttributeKey Branch' })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })
const nameField = () => within(dialog()).getByLabelText('Name')

/**
 * SPEC.md §5: Save is off while the form is pristine or submitting. Pristine: the name is blank or
 * still the one loaded. After a failed save it stays on, to try again.
 */
function saveable(s: KeyNameSnapshot): boolean {
  if (s.hasTag('busy')) return false
  if (s.matches('failed')) return true
  const name = s.context.name.trim()
  return name !== '' && name !== s.context.original.trim()
}

function drive({ saves, closes, user }: ReturnType<typeof renderDialog>) {
  const expectForm = async (s: KeyNameSnapshot) => {
    await waitFor(() => expect(nameField()).toHaveValue(s.context.name))
    if (saveable(s)) expect(inDialog('Save')).toBeEnabled()
    else await waitFor(() => expect(inDialog('Save')).toBeDisabled())
    if (s.context.error)
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(s.context.error)
    else expect(within(dialog()).queryByRole('alert')).toBeNull()
    expect(saves()).toEqual([])
    expect(closes()).toEqual([])
  }
  return {
    states: {
      loading: expectForm,
      editing: expectForm,
      failed: expectForm,
      saving: async (s: KeyNameSnapshot) => {
        await expectForm(s)
        const call = await server.last('saveRecord')
        expect(call.args.slice(0, 3)).toEqual([
          'AttributeKey',
          { name: s.context.name },
          ID.kBranch,
        ])
      },
      saved: async (s: KeyNameSnapshot) => {
        await waitFor(() => expect(saves()).toEqual([{ type: 'tree.keySaved', keyId: ID.kBranch }]))
        expect(await screen.findByText(`${shownName(s.context.name)} was saved`)).toBeVisible()
        expect(await attributesDb().attributeKeys.get(ID.kBranch)).toMatchObject({
          name: 'Drawers',
        })
      },
      closed: async () => {
        await waitFor(() => expect(closes()).toHaveLength(1))
        expect(saves()).toEqual([])
      },
    },
    events: {
      'xstate.done.actor.readKey': async ({ event }: Step) =>
        (await server.last('readAttributeKey')).resolve(event.output),
      'xstate.error.actor.readKey': async ({ event }: Step) =>
        (await server.last('readAttributeKey')).reject(event.error),
      'keyName.edit': async ({ event }: Step) => {
        await user.clear(nameField())
        if (event.value) await user.type(nameField(), event.value)
      },
      'keyName.save': () => user.click(inDialog('Save')),
      'keyName.close': () => user.click(inDialog('Close')),
      'xstate.done.actor.saveKey': async ({ event }: Step) =>
        (await server.last('saveRecord')).resolve(event.output),
      'xstate.error.actor.saveKey': async ({ event }: Step) =>
        (await server.last('saveRecord')).reject(event.error),
    },
  }
}

describe('trunk and branch name statechart, driving the AttributeKey Branch dialog', () => {
  beforeEach(async () => {
    server.reset()
    await attributesDb().attributeKeys.clear()
  })

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await path.test(drive(renderDialog(ID.kBranch)))
    })
  }

  it('creates a new trunk as a ROOT key with an empty config, once it has a name', async () => {
    const { saves, user } = renderDialog(null, 'ROOT')
    const trunk = screen.getByRole('dialog', { name: 'AttributeKey Trunk' })
    const save = within(trunk).getByRole('button', { name: 'Save' })
    await waitFor(() =>
      expect(within(trunk).getByLabelText('Name')).not.toHaveAttribute('readonly'),
    )
    expect(save).toBeDisabled()
    // Enter in the empty field does not save a nameless key either.
    await user.type(within(trunk).getByLabelText('Name'), '   {Enter}')
    expect(save).toBeDisabled()
    expect(server.calls.filter((call) => call.name === 'saveRecord')).toHaveLength(0)
    await user.clear(within(trunk).getByLabelText('Name'))
    await user.type(within(trunk).getByLabelText('Name'), 'Bathroom')
    expect(save).toBeEnabled()
    await user.click(save)
    const call = await server.last('saveRecord')
    expect(call.args.slice(0, 3)).toEqual([
      'AttributeKey',
      { name: 'Bathroom', type: 'ROOT', config: '{}' },
      null,
    ])
    call.resolve(aKey(ID.kNew, 'Bathroom', 'ROOT'))
    await waitFor(() => expect(saves()).toEqual([{ type: 'tree.keySaved', keyId: ID.kNew }]))
  })
})
