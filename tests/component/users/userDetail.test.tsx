import 'fake-indexeddb/auto'
import { Theme } from '@radix-ui/themes'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fromPromise, type AnyActorLogic } from 'xstate'
import type { UserFactor } from '../../../schema/factors'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { aUser, savedUserOf } from '../../../src/areas/users/paths/userDetail.fixtures'
import { inlineEditorMachine } from '../../../src/kit/machines/inlineEditor.machine'
import { userFactorsMachine } from '../../../src/areas/users/machines/userFactors.machine'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { UserDetail } from '../../../src/areas/users/views/detail/UserDetail'
import { expectNotified } from '../../model/kit/notify.support'
import { quietAccess, quietFactors, quietTimeline } from '../../model/users/userDetail.support'
import { externalUser, selfUser } from '../../setup/fixtures'
import { testSession, WithSession } from '../../setup/session'

async function show(
  user: User,
  { admin = true, sent = [] as unknown[][], factors = quietFactors as AnyActorLogic } = {},
) {
  await identityDb().users.clear()
  await identityDb().users.put(user)
  const session = testSession(admin ? selfUser() : externalUser({ permissions: ['users.read'] }))
  onTestFinished(() => session.stop())
  const editors = inlineEditorMachine.provide({
    actors: {
      saveRecord: fromPromise(({ input }: { input: { id: string; body: unknown } }) => {
        sent.push([input.id, input.body])
        return Promise.resolve(savedUserOf(user, { pendingEmail: 'new@example.com' }))
      }) as never,
    },
  })
  render(
    <WithSession session={session} provide={[quietTimeline, editors, factors, quietAccess]}>
      <Theme>
        <NotifyProvider>
          <UserDetail id={user.id} />
        </NotifyProvider>
      </Theme>
    </WithSession>,
  )
  await screen.findByRole('heading', { name: `${user.nameFirst} ${user.nameLast}`, level: 2 })
  return userEvent.setup()
}

describe('the user detail', () => {
  it('heads with the name, email, status and the address waiting to be confirmed', async () => {
    await show(aUser({ locked: true, mustChangePassword: true, pendingEmail: 'g@new.example' }))
    expect(screen.getByText('grace@example.com')).toBeVisible()
    expect(screen.getByText('Locked')).toBeVisible()
    expect(screen.getByText('Waiting for g@new.example to confirm')).toBeVisible()
    const status = screen.getByRole('region', { name: 'Status' })
    expect(within(status).getByRole('button', { name: 'Unlock' })).toBeEnabled()
    expect(within(status).queryByRole('button', { name: 'Lock' })).toBeNull()
    expect(within(status).queryByRole('button', { name: 'Require password change' })).toBeNull()
  })

  it("changes another user's email without asking for a password", async () => {
    const sent: unknown[][] = []
    const user = aUser()
    const person = await show(user, { sent })
    await person.click(screen.getByRole('button', { name: 'Edit email' }))
    const form = screen.getByRole('form', { name: 'Edit email' })
    expect(within(form).queryByLabelText('Current Password')).toBeNull()
    const email = within(form).getByLabelText('Email')
    await person.clear(email)
    await person.type(email, 'New@Example.com')
    await person.click(within(form).getByRole('button', { name: 'Save Changes' }))
    await expectNotified('status', 'Their email was saved')
    expect(sent).toEqual([[user.id, { email: 'new@example.com' }]])
  })

  it('is read-only without users.write', async () => {
    await show(aUser(), { admin: false })
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Status' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save access' })).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'View Sessions' })).toBeDisabled()
    expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull()
  })

  it('offers Revoke all of the sessions, after a confirmation', async () => {
    const person = await show(aUser())
    const sessions = screen.getByRole('region', { name: 'Sessions' })
    expect(await within(sessions).findByText('No sessions.')).toBeVisible()
    await person.click(within(sessions).getByRole('button', { name: 'Revoke all' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Revoke all sessions of Grace Hopper?',
    })
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('lists the second factors with passkeys; without users.write there is no reset', async () => {
    const answered: UserFactor[] = [
      { kind: 'sms', enrolledAt: null, lastUsedAt: null },
      { kind: 'passkey', enrolledAt: '2026-01-05T10:00:00.000Z', lastUsedAt: null, count: 2 },
    ]
    const factors = userFactorsMachine.provide({
      actors: { loadFactors: fromPromise(() => Promise.resolve(answered)) as never },
    })
    await show(aUser(), { admin: false, factors })
    const section = screen.getByRole('region', { name: 'Second factors' })
    const list = await within(section).findByRole('list', { name: 'Second factors' })
    expect(within(list).getByText('Text message')).toBeVisible()
    expect(within(list).getByText('Codes go to (555) 123 - 4567')).toBeVisible()
    expect(within(list).getByText('Passkeys: 2')).toBeVisible()
    expect(within(list).getByText(/^First registered Jan 05, 2026 /)).toBeVisible()
    expect(within(list).getByText('Never used')).toBeVisible()
    expect(within(section).queryByRole('button', { name: 'Reset second factors' })).toBeNull()
  })

  it("says 'No second factor', with nothing to reset", async () => {
    await show(aUser({ use2FA: false, passkeys: 0 }))
    const section = screen.getByRole('region', { name: 'Second factors' })
    expect(await within(section).findByText('No second factor')).toBeVisible()
    expect(within(section).queryByRole('button', { name: 'Reset second factors' })).toBeNull()
  })
})
