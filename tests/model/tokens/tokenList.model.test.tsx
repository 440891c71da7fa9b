import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { Permissions } from '../../../schema/permissions'
import type { TokenListSnapshot } from '../../../src/areas/tokens/machines/tokenList.machine'
import {
  notRevokedNotice,
  revokedNotice,
  revokeWords,
} from '../../../src/areas/tokens/machines/tokenList.messages'
import {
  activeToken,
  createdToken,
  GROUPS,
  ROLES,
  TOKEN_SECRET,
  tokenListPaths,
} from '../../../src/areas/tokens/paths/tokenList.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { expectNotified } from '../kit/notify.support'
import { formDialog, renderTokens, secretDialog, tokenCard, tokenList } from './tokens.support'

const { paths } = buildPaths(tokenListPaths)
const view = viewCoverage(tokenListPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderTokens>>

const confirmation = () => screen.queryByRole('alertdialog')

function drive(app: App) {
  const expectList = async (s: TokenListSnapshot) => {
    const { tokens } = s.context
    if (tokens.length === 0) {
      expect(tokenList()).toBeNull()
      expect(screen.getByText('No tokens yet.')).toBeVisible()
      return
    }
    await waitFor(() =>
      expect(within(tokenList()!).getAllByRole('listitem', { hidden: true })).toHaveLength(
        tokens.length,
      ),
    )
    for (const token of tokens) {
      const card = tokenCard(token.name)
      expect(card).toHaveTextContent(`${token.prefix}…`)
      expect(card).toHaveTextContent(token.revokedAt ? 'Revoked' : 'Active')
      expect(card).toHaveTextContent(token.lastUsedFrom ? token.lastUsedFrom : 'Never')
      const revoke = within(card).queryByRole('button', {
        name: `Revoke ${token.name}`,
        hidden: true,
      })
      if (token.revokedAt) expect(revoke).toBeNull()
      else if (s.matches('ready')) expect(revoke).toBeEnabled()
      else expect(revoke).toBeDisabled()
    }
  }
  const expectConfirmation = async (s: TokenListSnapshot, busy: boolean) => {
    const words = revokeWords(s.context.revoking!)
    const shown = await screen.findByRole('alertdialog', { name: words.title })
    const button = within(shown).getByRole('button', { name: words.action })
    await waitFor(() => (busy ? expect(button).toBeDisabled() : expect(button).toBeEnabled()))
    if (s.hasTag('error'))
      expect(within(shown).getByRole('alert')).toHaveTextContent(s.context.error!)
    else expect(within(shown).queryByRole('alert')).toBeNull()
    await expectList(s)
  }
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading your tokens…')).toBeVisible()
        await server.last('listTokens')
      },
      unavailable: async (s: TokenListSnapshot) => {
        const alert = await screen.findByRole('alert')
        expect(alert).toHaveTextContent(`Your tokens could not be loaded: ${s.context.error}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: async (s: TokenListSnapshot) => {
        await waitFor(() => expect(confirmation()).toBeNull())
        await expectList(s)
      },
      confirming: (s: TokenListSnapshot) => expectConfirmation(s, false),
      failed: (s: TokenListSnapshot) => expectConfirmation(s, false),
      revoking: async (s: TokenListSnapshot) => {
        expect((await server.last('revokeToken')).args).toEqual([s.context.revoking!.id])
        await expectConfirmation(s, true)
      },
    },
    events: {
      'xstate.done.actor.listTokens': async ({ event }: Step) =>
        act(async () => (await server.last('listTokens')).resolve(event.output)),
      'xstate.error.actor.listTokens': async ({ event }: Step) =>
        act(async () => (await server.last('listTokens')).reject(event.error)),
      'tokens.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'tokens.revoke': ({ event }: Step) => {
        const { name } = event.token as { name: string }
        return app.user.click(screen.getByRole('button', { name: `Revoke ${name}` }))
      },
      'tokens.confirm': () =>
        app.user.click(within(confirmation()!).getByRole('button', { name: 'Revoke token' })),
      'tokens.cancel': () =>
        app.user.click(within(confirmation()!).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.revokeToken': async ({ event }: Step) => {
        await act(async () => (await server.last('revokeToken')).resolve(event.output))
        await expectNotified('status', revokedNotice(event.output as never).message)
      },
      'xstate.error.actor.revokeToken': async ({ event }: Step) => {
        await act(async () => (await server.last('revokeToken')).reject(event.error))
        const reason = (event.error as Error).message
        await expectNotified('alert', notRevokedNotice(activeToken, reason).message)
      },
      // The New token dialog makes one, and its chart tells the list.
      'tokens.created': async () => {
        await app.user.click(screen.getByRole('button', { name: 'New token' }))
        await act(async () =>
          (await server.last('loadChoices')).resolve({ roles: ROLES, groups: GROUPS }),
        )
        const form = within(formDialog()!)
        await app.user.type(await form.findByLabelText('Name'), createdToken.name)
        await app.user.click(form.getByRole('checkbox', { name: 'View Users' }))
        await app.user.click(form.getByRole('button', { name: 'Create' }))
        await act(async () =>
          (await server.last('createToken')).resolve({ token: createdToken, secret: TOKEN_SECRET }),
        )
        const secret = await screen.findByRole('dialog', { name: /created$/ })
        await app.user.click(within(secret).getByRole('button', { name: 'Done' }))
        await waitFor(() => expect(secretDialog()).toBeNull())
      },
    },
  }
}

describe('API tokens statechart, driving the API tokens screen', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(tokenListPaths.machine, [{ input: undefined, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderTokens([...Permissions])
      await view.drive(path, drive(app))
    })
  }
})
