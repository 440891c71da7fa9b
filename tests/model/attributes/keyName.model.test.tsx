import 'fake-indexeddb/auto'
import { Theme } from '@radix-ui/themes'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { AttributeKey } from '../../../schema/attributes'
import { attributesDb } from '../../../src/data/db/attributes'
import {
  keyNameActors,
  keyNameMachine,
  type KeyNameSnapshot,
} from '../../../src/areas/attributes/machines/keyName.machine'
import { keyNamePaths, saveable } from '../../../src/areas/attributes/paths/keyName.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { shownName } from '../../../src/areas/attributes/machines/attributeTree.messages'
import { KeyNameDialog } from '../../../src/areas/attributes/views/tree/KeyNameDialog'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { testSession, WithSession } from '../../setup/session'
import { aKey, ID } from '../../../src/areas/attributes/paths/attributeTree.fixtures'
import { stubServer, treeStandIn } from './attributes.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { Spawned } from '../../setup/Spawned'

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

const { paths } = buildPaths(keyNamePaths)
const view = viewCoverage(keyNamePaths)

type Step = { event: { type: string; output?: unknown; error?: unknown; value?: string } }

function renderDialog(keyId: string | null, type: 'ROOT' | 'BRANCH' = 'BRANCH') {
  // The tree the dialog tells: what it hears stands for the old onSave(id) and onClose().
  const { tree, told } = treeStandIn()
  render(
    <WithSession session={testSession()} provide={[stubbed]}>
      <Theme>
        <NotifyProvider>
          <Spawned logic={keyNameMachine} input={{ keyId, type, tree }}>
            {(actor) => <KeyNameDialog actor={actor} />}
          </Spawned>
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

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(keyNameMachine, [{ input: keyNamePaths.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await view.drive(path, drive(renderDialog(ID.kBranch)))
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
