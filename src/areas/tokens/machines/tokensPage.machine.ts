import { setup, type ActorRefFrom } from 'xstate'
import type { Permission } from '../../../../schema/permissions'
import { newTokenMachine, type NewTokenActor } from './newToken.machine'
import { tokenListMachine, type TokenListActor } from './tokenList.machine'

export type TokensPageParts = { list: TokenListActor; dialog: NewTokenActor }

/**
 * The API tokens screen's page machine: it spawns the list and the New token dialog, which tells
 * the list of each token it makes. The view selects from both and sends to them.
 */
export const tokensPageMachine = setup({
  types: {
    context: {} as TokensPageParts,
    input: {} as { held: Permission[] },
  },
  actors: { list: tokenListMachine, dialog: newTokenMachine },
}).createMachine({
  id: 'tokensPage',
  description: 'The API tokens screen: the list and the New token dialog.',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list' })
    return { list, dialog: spawn('dialog', { id: 'dialog', input: { held: input.held, list } }) }
  },
})

export type TokensPageActor = ActorRefFrom<typeof tokensPageMachine>
