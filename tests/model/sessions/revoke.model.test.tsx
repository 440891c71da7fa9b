import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { revokePaths } from '../../../src/areas/sessions/paths/revoke.paths'
import { adaSession as ada } from '../../../src/areas/sessions/paths/sessions.fixtures'
import { revokeMachine } from '../../../src/areas/sessions/machines/revoke.machine'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'

// The server call behind the chart's revokeSession actor; each call waits for the path's step.
const server = {
  calls: [] as { id: string; resolve: () => void; reject: (error: unknown) => void }[],
}
const stubbed = revokeMachine.provide({
  actors: {
    revokeSession: fromPromise<void, { id: string }>(
      ({ input }) =>
        new Promise<void>((resolve, reject) =>
          server.calls.push({ id: input.id, resolve, reject }),
        ),
    ),
  },
})

const { paths } = buildPaths(revokePaths)
const view = viewCoverage(revokePaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; error?: unknown } }

const dialog = () =>
  screen.getByRole('alertdialog', { name: 'Are you sure you want to revoke this session?' })
const button = (name: string) => within(dialog()).getByRole('button', { name })
const lastCall = () => {
  const call = server.calls.at(-1)
  if (!call) throw new Error('No revoke call is waiting.')
  return call
}

function drive(app: App) {
  return {
    states: {
      idle: () => {
        expect(screen.queryByRole('alertdialog')).toBeNull()
        expect(screen.queryByText(/was revoked\.$/)).toBeNull()
      },
      confirming: async () => {
        await screen.findByRole('alertdialog')
        expect(
          within(dialog()).getByText(
            'Ada Lovelace will be signed out on that device and must sign in again there.',
          ),
        ).toBeVisible()
        expect(within(dialog()).queryByText(/delet/i)).toBeNull()
        expect(button('Revoke')).toBeEnabled()
        expect(button('Cancel')).toBeEnabled()
        expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      revoking: async () => {
        await waitFor(() => expect(button('Revoke')).toBeDisabled())
        expect(button('Cancel')).toBeDisabled()
        expect(lastCall().id).toBe(ada.id)
      },
      failed: async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
          'You are not allowed to revoke sessions.',
        )
        expect(button('Revoke')).toBeEnabled()
      },
      done: async () => {
        expect(await screen.findByText('The session of Ada Lovelace was revoked.')).toBeVisible()
        expect(screen.queryByRole('alertdialog')).toBeNull()
        // The sync pulls the sessions at once (after its 120 ms debounce), not at the next notice;
        // for one's own session that pull answers 401 and the console goes to the login.
        await waitFor(() => expect(app.sync.pulls).toContainEqual(['sessions']))
      },
    },
    events: {
      'revoke.request': async () => {
        await app.user.click(screen.getByRole('button', { name: 'Revoke session of Ada Lovelace' }))
      },
      'revoke.confirm': async () => {
        await app.user.click(button('Revoke'))
      },
      'revoke.cancel': async () => {
        await app.user.click(button('Cancel'))
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
        expect(screen.getByRole('button', { name: 'Revoke session of Ada Lovelace' })).toHaveFocus()
      },
      'xstate.done.actor.revokeSession': async () => {
        lastCall().resolve()
        await expectNotified('status', 'Session of Ada Lovelace revoked')
      },
      'xstate.error.actor.revokeSession': async ({ event }: Step) => {
        lastCall().reject(event.error)
        await expectNotified('alert', /^Session of Ada Lovelace not revoked: \S/)
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  server.calls.length = 0
  await identityDb().sessions.clear()
  await identityDb().sessions.put(ada)
})
afterEach(() => vi.restoreAllMocks())

describe('revoke statechart, driving the Sessions screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(revokePaths.machine, [{ input: revokePaths.input, paths }]).refused).toEqual(
      [],
    )
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/sessions', { provide: [stubbed] })
      await screen.findByRole('button', { name: 'Revoke session of Ada Lovelace' })
      await view.drive(path, drive(app))
    })
  }
})
