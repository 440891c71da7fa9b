import { describe, expect, it } from 'vitest'
import { createActor, createEmptyActor, fromPromise, waitFor } from 'xstate'
import type { AttributeKey, AttributeKeyOption } from '../../../schema/attributes'
import { ApiError } from '../../../src/data/api/ApiError'
import type { KeyWithOptions } from '../../../src/data/db/attributeKeys'
import type { KeyDraft, OptionDraft } from '../../../src/areas/attributes/machines/attributeKey.draft'
import { attributeKeyMachine } from '../../../src/areas/attributes/machines/attributeKey.machine'
import { attributeKeySaveMachine } from '../../../src/areas/attributes/machines/attributeKeySave.machine'
import { aKey, anOption } from '../../../src/areas/attributes/paths/attributes.fixtures'

const created = aKey(7, {
  name: 'Finish',
  type: 'STRING',
  controlType: 'SELECT',
  config: '{"descreteValues":true}',
})

/** The dialog's statechart with a scripted server: option saves fail when `refuse` says so. */
function scripted(refuse: (option: OptionDraft, attempt: number) => boolean) {
  const keySaves: (string | null)[] = []
  const optionSaves: { id: string; label: string }[] = []
  let attempt = 0
  let serial = 0
  const save = attributeKeySaveMachine.provide({
    actors: {
      saveKey: fromPromise<AttributeKey, { keyId: string | null; draft: KeyDraft }>(({ input }) => {
        keySaves.push(input.keyId)
        attempt += 1
        return Promise.resolve(created)
      }),
      saveOption: fromPromise<AttributeKeyOption, { keyId: string; option: OptionDraft }>(
        ({ input }) => {
          optionSaves.push({ id: input.option.id, label: input.option.label })
          if (refuse(input.option, attempt))
            return Promise.reject(new ApiError(500, 1000, 'AN ERROR OCCURRED'))
          serial += 1
          const id = input.option.id.startsWith('NewId_')
            ? `0193a1b2-0000-7000-a000-00000000000${serial}`
            : input.option.id
          return Promise.resolve(
            anOption(90 + serial, created.id, input.option.label, input.option.value, { id }),
          )
        },
      ),
    },
  })
  const machine = attributeKeyMachine.provide({
    actors: {
      loadKey: fromPromise<KeyWithOptions, { keyId: string | null }>(() =>
        Promise.resolve({ key: undefined, options: [] }),
      ),
      save,
    },
  })
  const actor = createActor(machine, { input: { keyId: null, tree: createEmptyActor() } }).start()
  return { actor, keySaves, optionSaves }
}

describe('a failed save, saved again', () => {
  it('updates what the first attempt created instead of creating it twice', async () => {
    const { actor, keySaves, optionSaves } = scripted(
      (option, attempt) => option.label === 'Satin' && attempt === 1,
    )
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'key.edit', field: 'name', value: 'Finish' })
    actor.send({ type: 'key.configure', changes: { descreteValues: true } })
    for (const [label, value] of [
      ['Matte', 'matte'],
      ['Satin', 'satin'],
    ] as const) {
      actor.send({ type: 'option.add' })
      const id = actor.getSnapshot().context.options.at(-1)?.id ?? ''
      actor.send({ type: 'option.edit', id, field: 'label', value: label })
      actor.send({ type: 'option.edit', id, field: 'value', value })
    }
    actor.send({ type: 'key.chooseControlType', value: 'SELECT' })
    actor.send({ type: 'key.save' })
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null)
    expect(failed.context.failure).toEqual({
      step: 'Saving option "Satin"',
      message: 'AN ERROR OCCURRED',
    })
    expect(failed.context.keyId).toBe(created.id)

    actor.send({ type: 'key.save' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().matches('saved')).toBe(true)
    // The key: created once, then updated; Matte: created once; Satin: tried, then created.
    expect(keySaves).toEqual([null, created.id])
    expect(optionSaves.map((o) => [o.label, o.id.startsWith('NewId_')])).toEqual([
      ['Matte', true],
      ['Satin', true],
      ['Satin', true],
    ])
  })
})
