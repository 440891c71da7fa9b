import { setup, type ActorRefFrom, type InputFrom } from 'xstate'
import { filterDrawerMachine, type FilterDrawerActor } from './filterDrawer.machine'
import { listMachine, type ListActor } from './list.machine'
import { listOptionsMachine, type ListOptionsActor } from './listOptions.machine'

/** A list screen's three statecharts: the list, its options, the filter drawer. */
export type ListParts = { list: ListActor; options: ListOptionsActor; drawer: FilterDrawerActor }

/** The machines a list screen's parts run, for a page machine's `setup({ actors })`. */
export const listPartActors = {
  list: listMachine,
  options: listOptionsMachine,
  drawer: filterDrawerMachine,
}

/**
 * The page machine of a plain list screen (Services): it spawns the list, then the options that
 * watch it, and the filter drawer, as children the view only selects from and sends to. The
 * parts' own charts hold every state; this one holds none.
 */
export const listScreenMachine = setup({
  types: {
    context: {} as ListParts,
    input: {} as { type: InputFrom<typeof listMachine>['type'] },
  },
  actors: listPartActors,
}).createMachine({
  id: 'listScreen',
  description: "A list screen's parts: the list, its options and the filter drawer.",
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { type: input.type } })
    const options = spawn('options', { id: 'options', input: { list } })
    return { list, options, drawer: spawn('drawer', { id: 'drawer' }) }
  },
})

export type ListScreenActor = ActorRefFrom<typeof listScreenMachine>
