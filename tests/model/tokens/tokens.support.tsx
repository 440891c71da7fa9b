import { screen, within } from '@testing-library/react'
import { onTestFinished } from 'vitest'
import type { AnyActorLogic } from 'xstate'
import type { Permission } from '../../../schema/permissions'
import { newTokenMachine } from '../../../src/areas/tokens/machines/newToken.machine'
import type { TokenFields } from '../../../src/areas/tokens/machines/newToken.rules'
import { tokenListMachine } from '../../../src/areas/tokens/machines/tokenList.machine'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { stubbed } from '../account/profile.support'

/** The screen's server calls, each waiting in `server` for the path's step that settles it. */
export const stubbedTokenMachines = (): AnyActorLogic[] => [
  tokenListMachine.provide({
    actors: {
      listTokens: stubbed('listTokens', () => []),
      revokeToken: stubbed('revokeToken', (input: { id: string }) => [input.id]),
    },
  }),
  newTokenMachine.provide({
    actors: {
      loadChoices: stubbed('loadChoices', () => []),
      createToken: stubbed('createToken', (input: { fields: TokenFields }) => [input.fields]),
    },
  }),
]

/** The API tokens screen (/tokens) for a person signed in holding `held`, its calls stubbed. */
export async function renderTokens(held: readonly Permission[]) {
  const app = renderApp('/tokens', { provide: stubbedTokenMachines() })
  onTestFinished(() => app.session.stop())
  app.gates.fetchSelf.resolve(selfUser({ permissions: [...held] }))
  await screen.findByRole('heading', { name: 'API tokens', level: 1 })
  return app
}

// A dialog hides the page from the accessibility tree; the list is read behind it too.
export const tokenList = () => screen.queryByRole('list', { name: 'Your API tokens', hidden: true })
export const tokenCard = (name: string) =>
  within(screen.getByRole('list', { name: 'Your API tokens', hidden: true })).getByRole(
    'listitem',
    { name, hidden: true },
  )
export const formDialog = () => screen.queryByRole('dialog', { name: 'New token' })
export const secretDialog = () => screen.queryByRole('dialog', { name: /^Token “.*” created$/ })
