import 'fake-indexeddb/auto'
import { Theme } from '@radix-ui/themes'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromCallback } from 'xstate'
import { conditionSummary } from '../../../schema/attribute-rules'
import type { LeafContext } from '../../../src/data/db/attributeKeys'
import {
  conditionalActors,
  conditionalMachine,
  type ConditionalEvent,
  type ConditionalSnapshot,
} from '../../../src/areas/attributes/machines/conditional.machine'
import { ConditionalDialog } from '../../../src/areas/attributes/views/condition/ConditionalDialog'
import { testSession, WithSession } from '../../setup/session'
import { conditionalPaths, family } from '../../../src/areas/attributes/paths/conditional.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { stubServer, stubWatch, treeStandIn } from './attributes.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { Spawned } from '../../setup/Spawned'

const leafWatch = stubWatch<LeafContext>()

/** The dialog's statechart with the cache watch stubbed (the path says what it holds) and the
 * stubbed server. */
const stubbed = conditionalMachine.provide({
  actors: {
    ...conditionalActors(stubServer(server.stub)),
    watchLeaf: fromCallback<ConditionalEvent, { associationId: string }>(({ input, sendBack }) =>
      leafWatch.watch(input.associationId, {
        next: (leaf) => sendBack({ type: 'conditional.loaded', leaf }),
        error: (error) => sendBack({ type: 'conditional.readFailed', error }),
      }),
    ),
  },
})

const { paths } = buildPaths(conditionalPaths)
const view = viewCoverage(conditionalPaths)

type Step = {
  event: {
    type: string
    leaf?: LeafContext
    values?: string[]
    id?: string
    output?: unknown
    error?: unknown
  }
}

function renderDialog() {
  // The tree the dialog's statechart tells that it closed (saved or cancelled).
  const closed = vi.fn()
  let close = () => {}
  const { tree } = treeStandIn((report) => {
    if (report.type !== 'tree.closeDialog') return
    closed()
    close()
  })
  function Owner() {
    const [open, setOpen] = useState(true)
    close = () => setOpen(false)
    return (
      <Theme>
        {open && (
          <Spawned logic={conditionalMachine} input={{ associationId: family.a.id, tree }}>
            {(actor) => <ConditionalDialog actor={actor} />}
          </Spawned>
        )}
      </Theme>
    )
  }
  render(
    <WithSession session={testSession()} provide={[stubbed]}>
      <Owner />
    </WithSession>,
  )
  return { closed, user: userEvent.setup() }
}

const dialog = () => screen.getByRole('dialog', { name: 'Conditional Attribute' })
const button = (name: string) => within(dialog()).getByRole('button', { name })

function drive(app: ReturnType<typeof renderDialog>) {
  const expectForm = async (s: ConditionalSnapshot) => {
    const values = await within(dialog()).findByRole('group', { name: 'Values of Colour' })
    for (const option of family.options) {
      const box = within(values).getByRole('checkbox', { name: new RegExp(`^${option.label}`) })
      if (s.context.values.includes(option.value)) expect(box).toBeChecked()
      else expect(box).not.toBeChecked()
    }
    const target = within(dialog()).getByRole('combobox', { name: 'Affected Branch/Leaf' })
    expect(target).toHaveTextContent(s.context.targetId ? 'Extras' : 'Choose a branch or leaf')
    expect(within(dialog()).getByTestId('condition-summary')).toHaveTextContent(
      conditionSummary(
        'Colour',
        s.context.values.length ? s.context.values : ['…'],
        s.context.targetId ? 'Extras' : '…',
      ),
    )
    const existing = within(dialog()).queryByRole('list', { name: 'Existing conditions' })
    if (s.context.leaf?.conditions.length)
      expect(existing).toHaveTextContent(conditionSummary('Colour', ['red'], 'Extras'))
    else expect(existing).toBeNull()
  }
  return {
    states: {
      loading: async () => {
        expect(await within(dialog()).findByText('Loading…')).toBeVisible()
        expect(button('Save')).toBeDisabled()
        expect(button('Cancel')).toBeEnabled()
      },
      missing: async () => {
        expect(
          await within(dialog()).findByText(/This leaf is not in the local data/),
        ).toBeVisible()
        expect(button('Save')).toBeDisabled()
      },
      editing: async (s: ConditionalSnapshot) => {
        await expectForm(s)
        if (s.can({ type: 'conditional.save' }))
          await waitFor(() => expect(button('Save')).toBeEnabled())
        else await waitFor(() => expect(button('Save')).toBeDisabled())
        if (s.context.error)
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(s.context.error)
        else expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      saving: async (s: ConditionalSnapshot) => {
        await waitFor(() => expect(button('Save')).toBeDisabled())
        expect((await server.last('saveRecord')).args.slice(0, 3)).toEqual([
          'AttributeKeyCondition',
          {
            attributeKeyId: family.colour.id,
            value: s.context.values.join(';'),
            conditionalAssociationId: family.c.id,
          },
          null,
        ])
      },
      removing: async () => {
        await waitFor(() => expect(button('Save')).toBeDisabled())
        expect((await server.last('saveRecord')).args.slice(0, 3)).toEqual([
          'AttributeKeyCondition',
          { deleted: true },
          family.condition.id,
        ])
      },
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(app.closed).toHaveBeenCalledTimes(1)
      },
    },
    events: {
      'conditional.loaded': ({ event }: Step) => {
        act(() => leafWatch.next(event.leaf as LeafContext))
      },
      'conditional.readFailed': () =>
        act(() => leafWatch.fail(new Error('The database is closed.'))),
      'conditional.chooseValues': async ({ event }: Step) => {
        for (const option of family.options) {
          const box = within(dialog()).getByRole('checkbox', {
            name: new RegExp(`^${option.label}`),
          })
          const wanted = event.values?.includes(option.value) ?? false
          if (box.getAttribute('aria-checked') !== String(wanted)) await app.user.click(box)
        }
      },
      'conditional.chooseTarget': async () => {
        await app.user.click(
          within(dialog()).getByRole('combobox', { name: 'Affected Branch/Leaf' }),
        )
        const listbox = await screen.findByRole('listbox')
        // Only later siblings: Size and Extras, not Colour itself.
        expect(
          within(listbox)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Size', 'Extras'])
        await app.user.click(within(listbox).getByRole('option', { name: 'Extras' }))
      },
      'conditional.save': () => app.user.click(button('Save')),
      'conditional.remove': () =>
        app.user.click(
          within(dialog()).getByRole('button', {
            name: `Remove condition: ${conditionSummary('Colour', ['red'], 'Extras')}`,
          }),
        ),
      'conditional.cancel': () => app.user.click(button('Cancel')),
      'xstate.done.actor.saveCondition': async ({ event }: Step) =>
        (await server.last('saveRecord')).resolve(event.output),
      'xstate.error.actor.saveCondition': async ({ event }: Step) =>
        (await server.last('saveRecord')).reject(event.error),
      'xstate.done.actor.removeCondition': async ({ event }: Step) =>
        (await server.last('saveRecord')).resolve(event.output),
      'xstate.error.actor.removeCondition': async ({ event }: Step) =>
        (await server.last('saveRecord')).reject(event.error),
    },
  }
}

describe('Conditional statechart, driving the Conditional Attribute dialog', () => {
  beforeEach(() => {
    server.reset()
    leafWatch.reset()
  })

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(conditionalMachine, [{ input: conditionalPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderDialog()
      await waitFor(() => expect(leafWatch.count).toBe(1))
      await view.drive(path, drive(app))
    })
  }
})
