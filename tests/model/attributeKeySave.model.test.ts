import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  createActor,
  waitFor as settledTo,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate'
import { createTestModel, type StatePath } from 'xstate/graph'
import { isNewId, serializeConfig } from '../../schema/attribute-rules'
import type { AttributeKey, AttributeKeyOption } from '../../schema/attributes'
import { ApiError } from '../../src/data/api/ApiError'
import { attributesDb } from '../../src/data/db/attributes'
import { attributeKeySaveActors } from '../../src/machines/attributeKey.actors'
import {
  draftOfKey,
  draftOfOption,
  newKeyDraft,
  type OptionDraft,
} from '../../src/machines/attributeKey.draft'
import {
  attributeKeySaveMachine,
  type AttributeKeySaveSnapshot,
  type KeyWork,
} from '../../src/machines/attributeKeySave.machine'
import { green, paint, red, swatch } from './attributeKey.paths'
import { stubServer } from './attributes.support'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { server, type PendingCall } from './profile.support'

const refused = (message: string) => new ApiError(422, 1001, message)
const newOption = (n: number, label: string, value: string, changes: Partial<OptionDraft> = {}) =>
  ({
    id: `NewId_test_${n}`,
    label,
    value,
    imagePath: null,
    sortOrder: n,
    deleted: false,
    imageFile: null,
    ...changes,
  }) satisfies OptionDraft

const saved = { red: draftOfOption(red), green: draftOfOption(green) }
const savedOptions = { [red.id]: saved.red, [green.id]: saved.green }

/** The saves SPEC.md §4's sequence is run for, so that together they take every way through it. */
const SCENARIOS: Record<string, KeyWork> = {
  // Paint becomes BOOLEAN: Red and Green go first, then the key and its image, then True (with an
  // image) and False.
  'a key that becomes BOOLEAN, with images': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), type: 'BOOLEAN', config: { descreteValues: true } },
    imageFile: swatch,
    options: [
      { ...saved.red, deleted: true },
      { ...saved.green, deleted: true },
      newOption(0, 'True', 'true', { imageFile: swatch }),
      newOption(1, 'False', 'false'),
    ],
    savedOptions,
  },
  // A new key with two options, the second with an image.
  'a new key with options': {
    keyId: null,
    saved: newKeyDraft(),
    draft: {
      ...newKeyDraft(),
      name: 'Finish',
      controlType: 'SELECT',
      config: { descreteValues: true },
    },
    imageFile: null,
    options: [
      newOption(0, 'Matte', 'matte'),
      newOption(1, 'Satin', 'satin', { imageFile: swatch }),
    ],
    savedOptions: {},
  },
  // Paint renamed, with a new image: no option changed.
  'a renamed key with an image': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), name: 'Paint colour' },
    imageFile: swatch,
    options: [saved.red, saved.green],
    savedOptions,
  },
  'a renamed key': {
    keyId: paint.id,
    saved: draftOfKey(paint),
    draft: { ...draftOfKey(paint), name: 'Paint colour' },
    imageFile: null,
    options: [saved.red, saved.green],
    savedOptions,
  },
}

const current = (s: AttributeKeySaveSnapshot) => s.context.options[s.context.queue[0] ?? -1]

/** The server's answer to the option being saved: its row, with a real id for a new one. */
function optionRow(s: AttributeKeySaveSnapshot): AttributeKeyOption {
  const index = s.context.queue[0] ?? 0
  const option = current(s)
  if (!option) return red
  return {
    ...red,
    id: isNewId(option.id)
      ? `0193a1b2-0000-7000-9000-${String(index).padStart(12, '0')}`
      : option.id,
    label: option.label,
    value: option.value,
    imagePath: option.imagePath,
    sortOrder: option.sortOrder,
    deleted: option.deleted,
  }
}

/** The server's answer to a key save: the key as sent, with its id (a new one for a new key). */
const keyRow = (s: AttributeKeySaveSnapshot): AttributeKey => ({
  ...paint,
  id: s.context.keyId ?? '0193a1b2-0000-7000-9000-0000000000aa',
  name: s.context.draft.name,
  type: s.context.draft.type,
  controlType: s.context.draft.controlType,
  imagePath: s.context.draft.imagePath,
})

const events = (s: AttributeKeySaveSnapshot) =>
  [
    {
      type: 'xstate.done.actor.clearOption',
      output: s.context.clearFirst > 0 ? optionRow(s) : null,
    },
    {
      type: 'xstate.error.actor.clearOption',
      error: refused('The option is used by a condition.'),
    },
    { type: 'xstate.done.actor.saveKey', output: keyRow(s) },
    { type: 'xstate.error.actor.saveKey', error: refused('Name: must be at most 200 characters.') },
    { type: 'xstate.done.actor.uploadKeyImage', output: 'attributes/key-swatch' },
    {
      type: 'xstate.error.actor.uploadKeyImage',
      error: new ApiError(415, 1001, 'The image must be PNG, JPEG, WebP or GIF.'),
    },
    { type: 'xstate.done.actor.saveKeyImagePath', output: keyRow(s) },
    { type: 'xstate.error.actor.saveKeyImagePath', error: refused('Image: no such image.') },
    { type: 'xstate.done.actor.saveOption', output: optionRow(s) },
    { type: 'xstate.error.actor.saveOption', error: refused('Value: must not contain ;') },
    { type: 'xstate.done.actor.uploadOptionImage', output: 'attributes/option-swatch' },
    {
      type: 'xstate.error.actor.uploadOptionImage',
      error: new ApiError(413, 1001, 'The image is larger than 5 MB.'),
    },
    { type: 'xstate.done.actor.saveOptionImagePath', output: optionRow(s) },
    { type: 'xstate.error.actor.saveOptionImagePath', error: refused('Image: no such image.') },
  ] as unknown as EventObject[]

const testMachine = asTestMachine(attributeKeySaveMachine)

const pathsOf = (input: KeyWork) =>
  createTestModel(testMachine, {
    events,
    input,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.queue,
        s.context.clearFirst,
        s.context.keyId,
        s.context.imageFile !== null,
        s.context.failure?.step ?? null,
      ]),
  }).getShortestPaths()

/** With nothing to delete the first step makes no call, so it cannot fail: no path has it fail. */
const possible = (path: ReturnType<typeof pathsOf>[number]) =>
  !path.steps.some(
    (step, index) =>
      step.event.type === 'xstate.error.actor.clearOption' &&
      (path.steps[index - 1]?.state.context.clearFirst ?? 0) === 0,
  )

const paths = Object.entries(SCENARIOS).map(([name, input]) => ({
  name,
  input,
  paths: pathsOf(input).filter(possible),
}))

type Step = { event: { type: string; output?: unknown; error?: unknown } }

const settled = new Set<PendingCall>()
/** The oldest call of `name` not settled yet, once it was made. */
async function unsettled(name: string): Promise<PendingCall> {
  let call: PendingCall | undefined
  await expect
    .poll(() => (call = server.calls.find((c) => c.name === name && !settled.has(c))))
    .toBeDefined()
  return call as PendingCall
}
async function settle(name: string, how: 'resolve' | 'reject', value: unknown) {
  const call = await unsettled(name)
  settled.add(call)
  call[how](value)
}

/** The sequence itself, on the stubbed server: what it sends at each step, and how it ends. */
function drive(actor: ReturnType<typeof start>) {
  const peek = async (name: string) => (await unsettled(name)).args
  const ended = () => settledTo(actor, (s) => s.status === 'done')
  return {
    states: {
      clearing: async (s: AttributeKeySaveSnapshot) => {
        if (s.context.clearFirst === 0) return
        const option = current(s)
        expect(await peek('saveRecord')).toEqual([
          'AttributeKeyOption',
          expect.objectContaining({ deleted: true, value: option?.value }),
          option?.id,
          expect.anything(),
        ])
      },
      key: async (s: AttributeKeySaveSnapshot) => {
        const { draft } = s.context
        expect(await peek('saveRecord')).toEqual([
          'AttributeKey',
          {
            name: draft.name,
            prompt: draft.prompt.trim() === '' ? null : draft.prompt,
            type: draft.type,
            controlType: draft.controlType,
            config: serializeConfig(draft.config),
            imagePath: draft.imagePath,
          },
          s.context.keyId,
          expect.anything(),
        ])
      },
      keyImage: async (s: AttributeKeySaveSnapshot) => {
        expect((await peek('uploadAttributeImage')).slice(0, 4)).toEqual([
          swatch,
          s.context.keyId,
          'swatch.png',
          'key',
        ])
      },
      keyImagePath: async (s: AttributeKeySaveSnapshot) => {
        expect((await peek('saveRecord')).slice(0, 3)).toEqual([
          'AttributeKey',
          { imagePath: s.context.draft.imagePath },
          s.context.keyId,
        ])
      },
      option: async (s: AttributeKeySaveSnapshot) => {
        const option = current(s)
        const args = await peek('saveRecord')
        expect(args[0]).toBe('AttributeKeyOption')
        expect(args[1]).toEqual({
          attributeKeyId: s.context.keyId,
          label: option?.label,
          value: option?.value,
          sortOrder: option?.sortOrder,
          imagePath: option?.imagePath,
          deleted: option?.deleted,
        })
        // A new option is created (no id), a saved one updated: nothing is created twice.
        expect(args[2]).toBe(option?.id.startsWith('NewId_') ? null : option?.id)
      },
      optionImage: async (s: AttributeKeySaveSnapshot) => {
        const option = current(s)
        expect((await peek('uploadAttributeImage')).slice(0, 4)).toEqual([
          swatch,
          option?.id,
          'swatch.png',
          'option',
        ])
      },
      optionImagePath: async (s: AttributeKeySaveSnapshot) => {
        const option = current(s)
        expect((await peek('saveRecord')).slice(0, 3)).toEqual([
          'AttributeKeyOption',
          { imagePath: option?.imagePath },
          option?.id,
        ])
      },
      done: async (s: AttributeKeySaveSnapshot) => {
        const output = (await ended()).output
        expect(output?.failure).toBeNull()
        expect(output?.keyId).toBe(s.context.keyId)
        // What the server answered is in the cache at once (SPEC.md §4), before the sync.
        expect(await attributesDb().attributeKeys.get(s.context.keyId ?? '')).toBeDefined()
      },
      failed: async (s: AttributeKeySaveSnapshot) => {
        const output = (await ended()).output
        expect(output?.failure).toEqual(s.context.failure)
        // What was stored before the failure is handed back, for the next Save to start from.
        expect(output?.keyId).toBe(s.context.keyId)
      },
    },
    events: {
      // With nothing to delete the step ends by itself.
      'xstate.done.actor.clearOption': ({ event }: Step) =>
        event.output ? settle('saveRecord', 'resolve', event.output) : undefined,
      'xstate.error.actor.clearOption': ({ event }: Step) =>
        settle('saveRecord', 'reject', event.error),
      'xstate.done.actor.saveKey': ({ event }: Step) =>
        settle('saveRecord', 'resolve', event.output),
      'xstate.error.actor.saveKey': ({ event }: Step) =>
        settle('saveRecord', 'reject', event.error),
      'xstate.done.actor.uploadKeyImage': ({ event }: Step) =>
        settle('uploadAttributeImage', 'resolve', event.output),
      'xstate.error.actor.uploadKeyImage': ({ event }: Step) =>
        settle('uploadAttributeImage', 'reject', event.error),
      'xstate.done.actor.saveKeyImagePath': ({ event }: Step) =>
        settle('saveRecord', 'resolve', event.output),
      'xstate.error.actor.saveKeyImagePath': ({ event }: Step) =>
        settle('saveRecord', 'reject', event.error),
      'xstate.done.actor.saveOption': ({ event }: Step) =>
        settle('saveRecord', 'resolve', event.output),
      'xstate.error.actor.saveOption': ({ event }: Step) =>
        settle('saveRecord', 'reject', event.error),
      'xstate.done.actor.uploadOptionImage': ({ event }: Step) =>
        settle('uploadAttributeImage', 'resolve', event.output),
      'xstate.error.actor.uploadOptionImage': ({ event }: Step) =>
        settle('uploadAttributeImage', 'reject', event.error),
      'xstate.done.actor.saveOptionImagePath': ({ event }: Step) =>
        settle('saveRecord', 'resolve', event.output),
      'xstate.error.actor.saveOptionImagePath': ({ event }: Step) =>
        settle('saveRecord', 'reject', event.error),
    },
  }
}

/** The sequence on the stubbed server (the cache writes are the real ones). */
const start = (input: KeyWork) =>
  createActor(
    attributeKeySaveMachine.provide({ actors: attributeKeySaveActors(stubServer(server.stub)) }),
    { input },
  ).start()

describe("AttributeKey save sequence (SPEC.md §4's order), on a stubbed server", () => {
  beforeEach(() => {
    server.reset()
    settled.clear()
  })

  it('reaches every state and takes every transition', () => {
    const all = paths.flatMap((scenario) => scenario.paths)
    expect(
      uncovered(testMachine, all as unknown as StatePath<AnyMachineSnapshot, EventObject>[]),
    ).toEqual({ states: [], transitions: [] })
  })

  for (const scenario of paths)
    describe(scenario.name, () => {
      for (const path of scenario.paths)
        it(describePath(path), async () => {
          await path.test(drive(start(scenario.input)))
        })
    })
})
