import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../src/kit/views/format/dateTime'
import { summarizeUserAgent } from '../../schema/user-agent'
import { groupDigits, loadingLines, loadingProgressText } from '../../src/kit/session/loadingText'

describe('formatDateTime', () => {
  it("shows 'MMM DD, YYYY hh:mm A z' in the given zone, with its abbreviation", () => {
    expect(formatDateTime('2026-01-05T19:30:00.000Z', 'America/New_York')).toBe(
      'Jan 05, 2026 02:30 PM EST',
    )
    expect(formatDateTime('2026-07-05T19:30:00.000Z', 'America/New_York')).toBe(
      'Jul 05, 2026 03:30 PM EDT',
    )
    expect(formatDateTime('2026-03-09T00:05:00.000Z', 'UTC')).toBe('Mar 09, 2026 12:05 AM UTC')
  })

  it('shows nothing for a time it cannot read', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('')
  })
})

describe('summarizeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Chrome (headless) on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
  ])('%s → %s', (agent, summary) => {
    expect(summarizeUserAgent(agent)).toBe(summary)
  })
})

describe('groupDigits', () => {
  it('groups by threes as en-US does, for every length', () => {
    const format = new Intl.NumberFormat('en-US')
    for (const n of [0, 1, 12, 999, 1000, 12_500, 100_000, 122_139, 1_000_000, 987_654_321, -4200]) {
      expect(groupDigits(n)).toBe(format.format(n))
    }
  })
})

describe('loadingProgressText', () => {
  it("names the table and its rows, 'Sessions — 12,500 rows'", () => {
    expect(loadingProgressText({ table: 'sessions', loaded: 12_500 })).toBe(
      'Sessions — 12,500 rows',
    )
    expect(loadingProgressText({ table: 'users', loaded: 1 })).toBe('Users — 1 row')
    expect(loadingProgressText({ table: null, loaded: 0 })).toBeNull()
  })
})

describe('loadingLines', () => {
  it('names the table of each area still loading, and none of a finished area', () => {
    const progress = {
      identity: { table: 'sessions', loaded: 45_000 },
      attributes: { table: 'attributeKeyConditions', loaded: 1 },
    } as const
    expect(loadingLines(progress, ['identity', 'attributes'])).toEqual([
      'Sessions — 45,000 rows',
      'Attribute conditions — 1 row',
    ])
    expect(loadingLines(progress, ['identity'])).toEqual(['Sessions — 45,000 rows'])
    expect(loadingLines({}, ['identity'])).toEqual([])
  })
})
