import { describe, expect, it } from 'vitest'
import { factorTitle } from '../../src/areas/users/machines/userFactors.messages'
import { factorLines } from '../../src/areas/users/views/detail/factorText'

const NOW = Date.parse('2026-02-04T09:00:00.000Z')

describe("the Second factors section's words", () => {
  it('names each factor with its count', () => {
    expect(factorTitle({ kind: 'recovery', enrolledAt: null, lastUsedAt: null, count: 7 })).toBe(
      'Recovery codes: 7 left',
    )
    expect(factorTitle({ kind: 'passkey', enrolledAt: null, lastUsedAt: null, count: 2 })).toBe(
      'Passkeys: 2',
    )
    expect(factorTitle({ kind: 'authenticator', enrolledAt: null, lastUsedAt: null })).toBe(
      'Authenticator app',
    )
  })

  it('says since when, when last used (or never), and where text messages go', () => {
    const app = factorLines(
      { kind: 'authenticator', enrolledAt: '2026-01-10T09:00:00.000Z', lastUsedAt: '2026-02-01T09:00:00.000Z' },
      null,
      NOW,
    )
    expect(app.map((l) => l.text)).toEqual([expect.stringMatching(/^Enrolled Jan 10, 2026 /), 'Last used 3 days ago'])
    expect(app[1]!.exact).toMatch(/^Feb 01, 2026 /)
    expect(
      factorLines({ kind: 'passkey', enrolledAt: null, lastUsedAt: null, count: 1 }, null, NOW).map((l) => l.text),
    ).toEqual(['Never used'])
    // Text messages and recovery codes leave no 'last used' to show.
    expect(factorLines({ kind: 'sms', enrolledAt: null, lastUsedAt: null }, '5551234567', NOW)).toEqual([
      { text: 'Codes go to (555) 123 - 4567' },
    ])
    expect(factorLines({ kind: 'recovery', enrolledAt: null, lastUsedAt: null, count: 3 }, null, NOW)).toEqual([])
  })
})
