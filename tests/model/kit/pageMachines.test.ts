import 'fake-indexeddb/auto'
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { listScreenMachine } from '../../../src/kit/machines/listScreen.machine'
import { usersPageMachine } from '../../../src/areas/users/machines/usersPage.machine'
import { attributesPageMachine } from '../../../src/areas/attributes/machines/attributesPage.machine'

/*
 * The page machines hold no states (nothing for a model path to take): what they do is spawn a
 * screen's parts and hand them to each other. The actors are made but not started, so no part
 * reads the cache or the server.
 */
describe('page machines hand their parts to each other', () => {
  it('listScreen: the options watch the list it spawned', () => {
    const { context, children } = createActor(listScreenMachine, {
      input: { type: 'services' },
    }).getSnapshot()
    expect(context.list.getSnapshot().context.type).toBe('services')
    expect(context.options.getSnapshot().context.list).toBe(context.list)
    expect(Object.keys(children).sort()).toEqual(['drawer', 'list', 'options'])
  })

  it('usersPage: the options, selection and export read the users list', () => {
    const write = () => undefined
    const { context } = createActor(usersPageMachine, { input: { write } }).getSnapshot()
    expect(context.list.getSnapshot().context.type).toBe('users')
    expect(context.options.getSnapshot().context.list).toBe(context.list)
    expect(context.selection.getSnapshot().context.list).toBe(context.list)
    expect(context.exporter.getSnapshot().context.list).toBe(context.list)
    expect(context.exporter.getSnapshot().context.write).toBe(write)
  })

  it('attributesPage: the transfer selects in the tree it spawned', () => {
    const { context } = createActor(attributesPageMachine).getSnapshot()
    expect(context.transfer.getSnapshot().context.tree).toBe(context.tree)
  })
})
