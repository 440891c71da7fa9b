import 'fake-indexeddb/auto'
import { Theme } from '@radix-ui/themes'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { KeyWithOptions } from '../../../src/data/db/attributeKeys'
import {
  signedImageMachine,
  type SignedImageInput,
} from '../../../src/kit/machines/signedImage.machine'
import {
  attributeKeyMachine,
  type AttributeKeySnapshot,
} from '../../../src/areas/attributes/machines/attributeKey.machine'
import type {
  attributeKeySaveMachine,
  KeySaveOutput,
  KeyWork,
} from '../../../src/areas/attributes/machines/attributeKeySave.machine'
import { liveOptions, usesOptions } from '../../../src/areas/attributes/machines/attributeKey.draft'
import { AttributeKeyDialog } from '../../../src/areas/attributes/views/key/AttributeKeyDialog'
import { testSession, WithSession } from '../../setup/session'
import {
  CONTROL_TYPE_LABELS,
  TYPE_LABELS,
} from '../../../src/areas/attributes/machines/attributeKey.labels'
import { attributeKeyPaths } from '../../../src/areas/attributes/paths/attributeKey.paths'
import { paint, red, swatch } from '../../../src/areas/attributes/paths/attributes.fixtures'
import { buildPaths, coverageOf, type ModelPath } from '../../../src/flows/model'
import { treeStandIn } from './attributes.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, type PendingCall } from '../account/profile.support'
import { Spawned } from '../../setup/Spawned'

/** The save sequence, stood in for: the path settles it with what it hands back. */
const saves: { input: KeyWork; resolve: (output: KeySaveOutput) => void }[] = []
const stubbed = attributeKeyMachine.provide({
  actors: {
    loadKey: fromPromise<KeyWithOptions, { keyId: string | null }>(
      ({ input }) => server.stub('readKeyWithOptions')(input.keyId) as Promise<KeyWithOptions>,
    ),
    // A promise in place of the sequence's statechart: the editor only hears how it ended.
    save: fromPromise<KeySaveOutput, KeyWork>(
      ({ input }) => new Promise((resolve) => saves.push({ input, resolve })),
    ) as unknown as typeof attributeKeySaveMachine,
  },
})
// The dialog shows stored images through signed URLs; these come at once here.
const images = signedImageMachine.provide({
  actors: {
    fetchUrl: fromPromise<string, SignedImageInput>(({ input }) =>
      Promise.resolve(input.kind === 'attribute' ? `/signed/${input.path}` : ''),
    ),
  },
})

// A covering subset of the shortest paths, replayed with the answers their real snapshots get.
const { paths } = buildPaths(attributeKeyPaths)
const view = viewCoverage(attributeKeyPaths)
type LivedPath = ModelPath<typeof attributeKeyMachine>

type Step = {
  event: {
    type: string
    value?: string
    field?: string
    id?: string
    from?: number
    to?: number
    message?: string
    output?: unknown
    error?: unknown
  }
}

const settled = new Set<PendingCall>()
/** The oldest call of `name` not settled yet, once it was made. */
async function unsettled(name: string): Promise<PendingCall> {
  let call: PendingCall | undefined
  await waitFor(() => {
    call = server.calls.find((c) => c.name === name && !settled.has(c))
    if (!call) throw new Error(`No unsettled ${name} call.`)
  })
  return call as PendingCall
}
async function settle(name: string, how: 'resolve' | 'reject', value: unknown) {
  const call = await unsettled(name)
  settled.add(call)
  call[how](value)
}

function renderDialog() {
  // The tree the dialog's statechart tells: the saved key's id, or that it closed; either way
  // the dialog ends (the owner closes it).
  const saved = vi.fn()
  const closed = vi.fn()
  let close = () => {}
  const { tree } = treeStandIn((report) => {
    if (report.type === 'tree.keySaved') saved(report.keyId)
    closed()
    close()
  })
  function Owner() {
    const [open, setOpen] = useState(true)
    close = () => setOpen(false)
    return (
      <Theme>
        {open && (
          <Spawned logic={attributeKeyMachine} input={{ keyId: paint.id, tree }}>
            {(actor) => <AttributeKeyDialog actor={actor} />}
          </Spawned>
        )}
      </Theme>
    )
  }
  render(
    <WithSession session={testSession()} provide={[stubbed, images]}>
      <Owner />
    </WithSession>,
  )
  return { saved, closed, user: userEvent.setup() }
}

const dialog = () => screen.getByRole('dialog', { name: 'AttributeKey' })
const form = () => within(dialog()).getByRole('form', { name: 'AttributeKey' })
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name })
const optionRows = () =>
  within(within(form()).getByRole('list', { name: 'Options' })).getAllByRole('listitem')
/** The row of the option whose Value is `value`. */
const rowOf = (value: string) => {
  const row = optionRows().find(
    (r) => within(r).getByRole<HTMLInputElement>('textbox', { name: /^Value of/ }).value === value,
  )
  if (!row) throw new Error(`No option row with value ${value}`)
  return row
}

async function choose(combobox: string, option: string, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(form()).getByRole('combobox', { name: combobox }))
  await user.click(await screen.findByRole('option', { name: option }))
}

function drive(app: ReturnType<typeof renderDialog>) {
  const expectBusy = async () => {
    await waitFor(() => expect(button('Save')).toBeDisabled())
    expect(button('Close')).toBeDisabled()
  }
  const peek = async (name: string) => (await unsettled(name)).args
  return {
    states: {
      loading: async () => {
        expect(await within(dialog()).findByText('Loading…')).toBeVisible()
        expect((await peek('readKeyWithOptions'))[0]).toBe(paint.id)
        expect(button('Save')).toBeDisabled()
      },
      missing: async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
          'This attribute key is not in the local data',
        )
        expect(button('Save')).toBeDisabled()
        expect(button('Close')).toBeEnabled()
      },
      editing: async (s: AttributeKeySnapshot) => {
        const { draft, options, failure, dropError } = s.context
        await waitFor(() => expect(within(form()).getByLabelText('Name')).toHaveValue(draft.name))
        expect(within(form()).getByRole('combobox', { name: 'Type' })).toHaveTextContent(
          TYPE_LABELS[draft.type] ?? '',
        )
        expect(within(form()).getByRole('combobox', { name: 'Control Type' })).toHaveTextContent(
          draft.controlType ? CONTROL_TYPE_LABELS[draft.controlType] : 'Choose a Control Type',
        )
        if (usesOptions(draft)) {
          const values = optionRows().map(
            (r) => within(r).getByRole<HTMLInputElement>('textbox', { name: /^Value of/ }).value,
          )
          expect(values).toEqual(liveOptions(options).map((o) => o.value))
        }
        // The live demo follows the draft.
        const demo = within(dialog()).getByRole('region', { name: 'Attribute Key Demo' })
        expect(within(demo).getByText('Which paint?')).toBeVisible()
        if (s.can({ type: 'key.save' })) await waitFor(() => expect(button('Save')).toBeEnabled())
        else expect(button('Save')).toBeDisabled()
        const alerts = within(dialog())
          .queryAllByRole('alert')
          .map((a) => a.textContent)
        if (failure)
          expect(alerts.join(' ')).toContain(`${failure.step} failed: ${failure.message}`)
        if (dropError) expect(alerts).toContain(dropError)
        if (!failure && !dropError) expect(alerts).toEqual([])
      },
      // The save sequence runs (attributeKeySave.model.test.ts drives each of its steps): the form
      // waits, and the sequence gets the dialog's key and options as they stand.
      saving: async (s: AttributeKeySnapshot) => {
        await expectBusy()
        await waitFor(() => expect(saves).toHaveLength(1))
        const { keyId, draft, saved, imageFile, options, savedOptions } = s.context
        expect(saves[0]?.input).toEqual({ keyId, draft, saved, imageFile, options, savedOptions })
      },
      saved: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(app.saved).toHaveBeenCalledWith(paint.id)
        expect(app.closed).toHaveBeenCalledTimes(1)
      },
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(app.saved).not.toHaveBeenCalled()
        expect(app.closed).toHaveBeenCalledTimes(1)
      },
    },
    events: {
      'xstate.done.actor.loadKey': ({ event }: Step) =>
        settle('readKeyWithOptions', 'resolve', event.output),
      'xstate.error.actor.loadKey': ({ event }: Step) =>
        settle('readKeyWithOptions', 'reject', event.error),
      'key.edit': async ({ event }: Step) => {
        const name = within(form()).getByLabelText('Name')
        await app.user.clear(name)
        await app.user.type(name, event.value ?? '')
      },
      'key.changeType': ({ event }: Step) =>
        choose('Type', TYPE_LABELS.BOOLEAN ?? event.value ?? '', app.user),
      'key.chooseControlType': () => choose('Control Type', 'Select', app.user),
      'key.configure': () =>
        app.user.click(
          within(within(form()).getByRole('radiogroup', { name: 'Orientation' })).getByRole(
            'radio',
            {
              name: 'Vertical',
            },
          ),
        ),
      'key.chooseImage': () =>
        app.user.upload(within(form()).getByLabelText('Attribute image file'), swatch),
      'key.imageRejected': () => {
        const input =
          within(form()).queryByLabelText('Attribute image file') ??
          within(form()).getAllByLabelText(/^.* image file$/)[0]
        // Around user-event, which would drop what `accept` refuses before the zone sees it.
        fireEvent.change(input as HTMLElement, { target: { files: [swatch, swatch] } })
      },
      'key.removeImage': () => app.user.click(button('Remove Image')),
      'option.add': () => app.user.click(button('Add Option')),
      'option.edit': async ({ event }: Step) => {
        const field = within(rowOf(event.id === red.id ? 'red' : 'green')).getByRole('textbox', {
          name: /^Option label of/,
        })
        await app.user.clear(field)
        await app.user.type(field, event.value ?? '')
      },
      'option.remove': () =>
        app.user.click(within(rowOf('green')).getByRole('button', { name: /^Delete / })),
      'option.move': ({ event }: Step) =>
        app.user.click(
          within(optionRows()[event.from ?? 0] as HTMLElement).getByRole('button', {
            name: /^Move .* up$/,
          }),
        ),
      'option.chooseImage': () =>
        app.user.upload(within(rowOf('red')).getByLabelText(/image file$/), swatch),
      'option.removeImage': () =>
        app.user.click(within(rowOf('red')).getByRole('button', { name: /^Remove image of/ })),
      'key.save': () => app.user.click(button('Save')),
      'key.close': () => app.user.click(button('Close')),
      'xstate.done.actor.save': ({ event }: Step) => {
        const run = saves.shift()
        if (!run) throw new Error('No save is running.')
        run.resolve(event.output as KeySaveOutput)
      },
    },
  }
}

type Driver = ReturnType<typeof drive>

/** Drives a lived path: each event through the dialog, then what the screen shows after it. */
async function run(path: LivedPath, driver: Driver) {
  const states = driver.states as Record<string, (s: AttributeKeySnapshot) => Promise<void>>
  const events = driver.events as Record<string, (step: Step) => unknown>
  const check = async (state: AttributeKeySnapshot) => {
    // The most specific handler of the state ('saving.key' over 'saving').
    const key = Object.keys(states)
      .filter((name) => state.matches(name as never))
      .sort((a, b) => b.length - a.length)[0]
    if (!key) throw new Error(`No check for ${JSON.stringify(state.value)}`)
    await states[key]?.(state)
  }
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) {
      const act = events[step.event.type]
      if (!act) throw new Error(`No driver for ${step.event.type}`)
      await act({ event: step.event })
    }
    await check(step.state)
  }
}

describe('AttributeKey statechart, driving the AttributeKey dialog', () => {
  beforeEach(() => {
    server.reset()
    settled.clear()
    saves.length = 0
  })

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(attributeKeyPaths.machine, [{ input: attributeKeyPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(
      describePath({ state: path.steps.at(-1)?.state, steps: path.steps } as never),
      async () => {
        const app = renderDialog()
        await view.follow(path, () => run(path, drive(app)))
      },
      60_000,
    )
  }
})
