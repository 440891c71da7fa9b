import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createActor, waitFor as settledTo } from 'xstate'
import { serializeConfig } from '../../../schema/attribute-rules'
import { attributesDb } from '../../../src/data/db/attributes'
import { current, SCENARIOS, saveModel } from '../../../src/areas/attributes/paths/attributeKeySave.paths'
import { swatch } from '../../../src/areas/attributes/paths/attributes.fixtures'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { attributeKeySaveActors } from '../../../src/areas/attributes/machines/attributeKey.actors'
import {
  attributeKeySaveMachine,
  type AttributeKeySaveSnapshot,
  type KeyWork,
} from '../../../src/areas/attributes/machines/attributeKeySave.machine'
import { stubServer } from './attributes.support'
import { describePath } from '../describePath'
import { server, type PendingCall } from '../account/profile.support'

const paths = Object.entries(SCENARIOS).map(([name, input]) => ({
  name,
  input,
  paths: buildPaths(saveModel(name, input)).paths,
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

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(attributeKeySaveMachine, paths).refused).toEqual([])
  })

  for (const scenario of paths)
    describe(scenario.name, () => {
      for (const path of scenario.paths)
        it(describePath(path), async () => {
          await path.test(drive(start(scenario.input)))
        })
    })
})
