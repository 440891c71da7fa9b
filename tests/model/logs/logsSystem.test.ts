import { describe, expect, it } from 'vitest'
import {
  filterCount,
  serverFilters,
  validateLogsSearch,
} from '../../../src/areas/logs/machines/logsFilters'

describe('Logs: system events', () => {
  it('are hidden unless the URL says system=show, which counts as a filter', () => {
    expect(validateLogsSearch({})).toEqual({})
    expect(validateLogsSearch({ system: 'show' })).toEqual({ system: 'show' })
    expect(validateLogsSearch({ system: 'yes' })).toEqual({})
    expect(filterCount({ system: 'show' })).toBe(1)
  })

  it('are left out by the server unless asked for (system=hide on every read)', () => {
    expect(serverFilters({})).toEqual({ system: 'hide' })
    expect(serverFilters({ outcome: 'failure' })).toEqual({ outcome: 'failure', system: 'hide' })
    expect(serverFilters({ system: 'show' })).toEqual({})
  })
})
