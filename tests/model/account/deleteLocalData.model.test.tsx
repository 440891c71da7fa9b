import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { deleteLocalDataPaths } from '../../../src/areas/account/paths/deleteLocalData.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  deleteLocalDataMachine,
  type DeleteLocalDataSnapshot,
} from '../../../src/areas/account/machines/deleteLocalData.machine'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from './profile.support'

// Deleting the databases waits for the path's steps.
const provide = [
  deleteLocalDataMachine.provide({
    actors: { deleteLocalData: stubbed('deleteLocalData', () => []) },
  }),
]

const { paths } = buildPaths(deleteLocalDataPaths)
const view = viewCoverage(deleteLocalDataPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; error?: unknown } }

const TITLE = 'Are you sure you want to delete this local data?'
const dialog = () => screen.getByRole('alertdialog', { name: TITLE })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })

function drive(app: App) {
  const expectDialog = async (s: DeleteLocalDataSnapshot) => {
    await screen.findByRole('alertdialog', { name: TITLE })
    expect(within(dialog()).getByText(/^Deleting cannot be undone\./)).toHaveTextContent(
      'You will be logged out.',
    )
    if (s.hasTag('busy')) {
      await waitFor(() => expect(inDialog('Delete')).toBeDisabled())
      expect(inDialog('Cancel')).toBeDisabled()
    } else {
      expect(inDialog('Delete')).toBeEnabled()
      expect(inDialog('Cancel')).toBeEnabled()
    }
    if (s.hasTag('error'))
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(dialog()).queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      idle: async () => {
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
        expect(screen.getByRole('button', { name: 'Delete Local Data' })).toBeEnabled()
      },
      confirming: expectDialog,
      deleting: async (s: DeleteLocalDataSnapshot) => {
        await expectDialog(s)
        await server.last('deleteLocalData')
      },
      failed: expectDialog,
      deleted: async () => {
        // The chart ends the session, then the login shows.
        await waitFor(() => expect(app.session.getSnapshot().matches('signingOut')).toBe(true))
        app.gates.signOut.resolve()
        expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
        expect(app.pathname()).toBe('/login')
      },
    },
    events: {
      'localData.delete': () =>
        app.user.click(screen.getByRole('button', { name: 'Delete Local Data' })),
      'localData.confirm': () => app.user.click(inDialog('Delete')),
      'localData.cancel': () => app.user.click(inDialog('Cancel')),
      'xstate.done.actor.deleteLocalData': async () => {
        ;(await server.last('deleteLocalData')).resolve(undefined)
        await expectNotified('status', 'The local data of this browser was deleted')
      },
      'xstate.error.actor.deleteLocalData': async ({ event }: Step) => {
        ;(await server.last('deleteLocalData')).reject(event.error)
        await expectNotified('alert', /^The local data was not deleted: \S/)
      },
    },
  }
}

describe('delete-local-data statechart, driving the Profile screen', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(deleteLocalDataPaths.machine, [{ input: undefined, paths }]).refused).toEqual(
      [],
    )
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/profile', { provide })
      await screen.findByRole('button', { name: 'Delete Local Data' })
      await view.drive(path, drive(app))
    })
  }
})
