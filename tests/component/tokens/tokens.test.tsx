import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { Permissions } from '../../../schema/permissions'
import {
  canCreateToken,
  dateBounds,
  dateError,
  emptyTokenFields,
  expiresAt,
  grantableRoles,
} from '../../../src/areas/tokens/machines/newToken.rules'
import { tokenStatus } from '../../../src/areas/tokens/machines/tokenList.messages'
import {
  activeToken,
  AUDITOR_HELD,
  aToken,
  GROUPS,
  revokedToken,
  ROLES,
} from '../../../src/areas/tokens/paths/tokenList.paths'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { server } from '../../model/account/profile.support'
import {
  formDialog,
  renderTokens,
  stubbedTokenMachines,
  tokenCard,
} from '../../model/tokens/tokens.support'

const NOW = Date.parse('2026-03-10T12:00:00.000Z')
const DAY = 86_400_000

describe('New token rules', () => {
  it('offers only the roles whose every permission the caller holds', () => {
    expect(grantableRoles(ROLES, [...AUDITOR_HELD]).map((r) => r.name)).toEqual(['Auditor'])
    expect(grantableRoles(ROLES, [...Permissions]).map((r) => r.name)).toEqual([
      'Administrator',
      'Auditor',
    ])
  })

  it('ends a token the days chosen from now, or at the end of the chosen day', () => {
    expect(expiresAt({ expiry: '7', date: '' }, NOW)).toBe(new Date(NOW + 7 * DAY).toISOString())
    expect(expiresAt({ expiry: '365', date: '' }, NOW)).toBe(
      new Date(NOW + 365 * DAY).toISOString(),
    )
    expect(expiresAt({ expiry: 'date', date: '2026-04-01' }, NOW)).toBe(
      new Date(2026, 3, 1, 23, 59, 59, 999).toISOString(),
    )
  })

  it('takes a date from tomorrow to a year from today, never more', () => {
    const { min, max } = dateBounds(NOW)
    expect(dateError('', NOW)).toBe('Required')
    expect(dateError('next week', NOW)).toBe('A date, as YYYY-MM-DD')
    expect(dateError(dateBounds(NOW - DAY).min, NOW)).toBe('A date after today')
    expect(dateError(min, NOW)).toBeUndefined()
    expect(dateError(max, NOW)).toBeUndefined()
    expect(dateError(dateBounds(NOW + DAY).max, NOW)).toBe('At most a year from today')
    // The latest date still ends within the server's limit (366 days).
    const latest = Date.parse(expiresAt({ expiry: 'date', date: max }, NOW))
    expect(latest - NOW).toBeLessThanOrEqual(366 * DAY)
  })

  it('creates only with a name, something to carry and a valid expiry', () => {
    const fields = { ...emptyTokenFields(), name: 'CI', permissions: ['users.read' as const] }
    expect(canCreateToken(fields, NOW)).toBe(true)
    expect(canCreateToken({ ...fields, name: '  ' }, NOW)).toBe(false)
    expect(canCreateToken({ ...fields, permissions: [] }, NOW)).toBe(false)
    expect(canCreateToken({ ...fields, expiry: 'date', date: '' }, NOW)).toBe(false)
    expect(canCreateToken({ ...fields, expiry: 'date', date: dateBounds(NOW).max }, NOW)).toBe(true)
  })

  it('calls a token revoked before expired, and expired once its time has passed', () => {
    expect(tokenStatus(activeToken, NOW)).toBe('active')
    expect(tokenStatus(aToken({ expiresAt: '2026-03-01T00:00:00.000Z' }), NOW)).toBe('expired')
    expect(tokenStatus({ ...revokedToken, expiresAt: '2026-03-01T00:00:00.000Z' }, NOW)).toBe(
      'revoked',
    )
  })
})

describe('API tokens screen', () => {
  beforeEach(() => server.reset())

  it('is reached from the user menu, titled API tokens', async () => {
    const app = await renderSignedIn(selfUser(), '/home', { provide: stubbedTokenMachines() })
    await app.user.click(screen.getByRole('button', { name: /user menu/i }))
    await app.user.click(await screen.findByRole('menuitem', { name: 'API tokens' }))
    expect(await screen.findByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible()
    expect(app.pathname()).toBe('/tokens')
    await waitFor(() => expect(document.title).toBe('API tokens · Gatehouse'))
  })

  it('shows what each token carries, its scope, its dates and where it was last used', async () => {
    await renderTokens([...Permissions])
    const expired = aToken({
      id: '0194b000-0000-7000-8000-0000000000e9',
      name: 'Last year',
      expiresAt: '2025-01-01T00:00:00.000Z',
      lastUsedAt: null,
      lastUsedFrom: null,
    })
    await act(async () =>
      (await server.last('listTokens')).resolve([revokedToken, activeToken, expired]),
    )
    const active = tokenCard('Nightly export')
    expect(active).toHaveTextContent('Active')
    expect(active).toHaveTextContent('gh_Ab3d…')
    expect(active).toHaveTextContent('CarriesAuditor')
    expect(active).toHaveTextContent('UsersAll users')
    expect(active).toHaveTextContent('from 203.0.113.7')
    expect(within(active).getByRole('button', { name: 'Revoke Nightly export' })).toBeEnabled()
    const revoked = tokenCard('Old sync')
    expect(revoked).toHaveTextContent('Revoked')
    expect(revoked).toHaveTextContent('CarriesView Users')
    expect(revoked).toHaveTextContent('Group Pharmacy staff')
    expect(revoked).toHaveTextContent('Last usedNever')
    expect(within(revoked).queryByRole('button')).toBeNull()
    const old = tokenCard('Last year')
    expect(old).toHaveTextContent('Expired')
    expect(within(old).queryByRole('button')).toBeNull()
    // Newest first.
    expect(
      within(screen.getByRole('list', { name: 'Your API tokens' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Nightly export', 'Last year', 'Old sync'])
  })

  it('says why a chosen date is refused, and keeps Create off', async () => {
    const app = await renderTokens([...AUDITOR_HELD])
    await act(async () => (await server.last('listTokens')).resolve([]))
    expect(screen.getByText('No tokens yet.')).toBeVisible()
    await app.user.click(screen.getByRole('button', { name: 'New token' }))
    await act(async () =>
      (await server.last('loadChoices')).resolve({ roles: ROLES, groups: GROUPS }),
    )
    const form = within(formDialog()!)
    await app.user.type(await form.findByLabelText('Name'), 'CI')
    await app.user.click(form.getByRole('checkbox', { name: 'View Logs' }))
    expect(form.getByRole('button', { name: 'Create' })).toBeEnabled()
    await app.user.click(form.getByRole('radio', { name: 'A date' }))
    const date = form.getByLabelText('Expiry date')
    const { max } = dateBounds(Date.now() + 2 * DAY)
    await app.user.type(date, max)
    await app.user.tab()
    expect(await form.findByText('At most a year from today')).toBeVisible()
    expect(form.getByRole('button', { name: 'Create' })).toBeDisabled()
    expect(date).toHaveAttribute('max', dateBounds(Date.now()).max)
  })
})
