import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  revokeAllPaths,
  statusUser as shown,
  userStatusPaths,
} from '../../../src/areas/users/paths/userStatus.paths'
import type { UserStatusSnapshot } from '../../../src/areas/users/machines/userStatus.machine'
import { STATUS_WORDS } from '../../../src/areas/users/machines/userStatus.messages'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderUser } from './userDetail.support'

const { paths } = buildPaths(userStatusPaths)
const { paths: revokePaths } = buildPaths(revokeAllPaths)
const view = viewCoverage(userStatusPaths)
const name = `${shown.nameFirst} ${shown.nameLast}`
const named = { name, email: shown.email }

type Step = { event: { type: string; output?: { user: User }; error?: unknown } }
type App = Awaited<ReturnType<typeof renderUser>>

const statusSection = () => screen.getByRole('region', { name: 'Status' })

function drive(app: App) {
  const expectButtons = async (s: UserStatusSnapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    const section = statusSection()
    const [shows, hides] = s.context.user.locked ? ['Unlock', 'Lock'] : ['Lock', 'Unlock']
    expect(await within(section).findByRole('button', { name: shows })).toBeEnabled()
    expect(within(section).queryByRole('button', { name: hides })).toBeNull()
    // Only what applies: enabled, two-factor on, two passkeys.
    expect(within(section).getByRole('button', { name: 'Disable' })).toBeEnabled()
    expect(within(section).queryByRole('button', { name: 'Enable' })).toBeNull()
    expect(within(section).getByRole('button', { name: 'Turn off two-factor' })).toBeEnabled()
    expect(within(section).getByRole('button', { name: 'Remove passkeys' })).toBeEnabled()
  }
  const expectDialog = async (s: UserStatusSnapshot) => {
    const words = STATUS_WORDS[s.context.action ?? 'lock']
    const dialog = await screen.findByRole('alertdialog', { name: words.title(named) })
    const confirm = within(dialog).getByRole('button', { name: words.label })
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    if (s.hasTag('busy')) {
      await waitFor(() => expect(confirm).toBeDisabled())
      expect(cancel).toBeDisabled()
    } else {
      expect(confirm).toBeEnabled()
      expect(cancel).toBeEnabled()
    }
    if (s.hasTag('error'))
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(dialog).queryByRole('alert')).toBeNull()
  }
  const dialogButton = (label: RegExp | string) =>
    within(screen.getByRole('alertdialog')).getByRole('button', { name: label })
  return {
    states: {
      idle: expectButtons,
      done: expectButtons,
      confirming: expectDialog,
      failed: expectDialog,
      working: async (s: UserStatusSnapshot) => {
        await expectDialog(s)
        expect((await server.last('performAction')).args).toEqual([shown.id, s.context.action])
      },
    },
    events: {
      'status.request': ({ event }: { event: { action: 'lock' | 'unlock' } }) =>
        app.user.click(
          within(statusSection()).getByRole('button', { name: STATUS_WORDS[event.action].label }),
        ),
      'status.confirm': () => app.user.click(dialogButton(/^(Lock|Unlock)$/)),
      'status.cancel': () => app.user.click(dialogButton('Cancel')),
      'xstate.done.actor.performAction': async ({ event }: Step) => {
        ;(await server.last('performAction')).resolve(event.output)
        // The real call keeps the answer in the cache; the stub's answer is written here.
        if (event.output?.user) await identityDb().users.put(event.output.user)
        await expectNotified('status', `${name} was locked.`)
      },
      'xstate.error.actor.performAction': async ({ event }: Step) => {
        ;(await server.last('performAction')).reject(event.error)
        await expectNotified('alert', new RegExp(`^${name} was not (un)?locked: \\S`))
      },
    },
  }
}

describe('user status statechart, driving the Status section', () => {
  it('takes only steps the production machine takes', () => {
    const model = userStatusPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderUser(shown)
      await view.drive(path, drive(app) as never)
    })
  }
})

const sessionsSection = () => screen.getByRole('region', { name: 'Sessions' })

/** Revoke all, in the Sessions section: the status stays, so the same chart is asked again. */
function driveRevokeAll(app: App) {
  const words = STATUS_WORDS['revoke-sessions']
  const dialog = () => screen.getByRole('alertdialog', { name: words.title(named) })
  const expectButton = async () => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(within(sessionsSection()).getByRole('button', { name: words.label })).toBeEnabled()
  }
  return {
    states: {
      idle: expectButton,
      done: expectButton,
      confirming: async () => {
        const open = await screen.findByRole('alertdialog', { name: words.title(named) })
        expect(within(open).getByRole('button', { name: words.label })).toBeEnabled()
      },
      working: async () => {
        await waitFor(() =>
          expect(within(dialog()).getByRole('button', { name: words.label })).toBeDisabled(),
        )
        expect((await server.last('performAction')).args).toEqual([shown.id, 'revoke-sessions'])
      },
      failed: async () => {
        expect(await within(dialog()).findByRole('alert')).toBeVisible()
        expect(within(dialog()).getByRole('button', { name: words.label })).toBeEnabled()
      },
    },
    events: {
      'status.request': () =>
        app.user.click(within(sessionsSection()).getByRole('button', { name: words.label })),
      'status.confirm': () =>
        app.user.click(within(dialog()).getByRole('button', { name: words.label })),
      'status.cancel': () =>
        app.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.performAction': async ({ event }: Step) => {
        ;(await server.last('performAction')).resolve(event.output)
        await expectNotified('status', `Revoked 2 sessions of ${name}.`)
      },
      'xstate.error.actor.performAction': async ({ event }: Step) => {
        ;(await server.last('performAction')).reject(event.error)
        await expectNotified('alert', /^The sessions were not revoked/)
      },
    },
  }
}

describe("user status statechart, driving the Sessions section's Revoke all", () => {
  it('takes only steps the production machine takes', () => {
    const model = revokeAllPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths: revokePaths }]).refused).toEqual(
      [],
    )
  })

  for (const path of revokePaths) {
    it(describePath(path), async () => {
      const app = await renderUser(shown)
      await view.drive(path, driveRevokeAll(app), revokeAllPaths.input)
    })
  }
})
