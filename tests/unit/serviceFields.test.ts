import { describe, expect, it } from 'vitest'
import { Service } from '../../schema/service'
import { SERVICE_FIELDS, timeoutSeconds, timeoutText } from '../../schema/service-fields'

/** schema/service-fields.ts: each service field defined once, read by schema, server and console. */
describe('service fields', () => {
  it('says a timeout with its unit, one or several', () => {
    expect(timeoutText('accessTokenTimeout', 1)).toBe('1 hour')
    expect(timeoutText('accessTokenTimeout', 10)).toBe('10 hours')
    expect(timeoutText('refreshTokenTimeout', 1)).toBe('1 day')
    expect(timeoutText('refreshTokenTimeout', 30)).toBe('30 days')
  })

  it('counts a timeout in seconds, as token lifetimes are counted', () => {
    expect(timeoutSeconds('accessTokenTimeout', 1)).toBe(3_600)
    expect(timeoutSeconds('refreshTokenTimeout', 30)).toBe(30 * 86_400)
  })

  it("gives the schema its bounds: the service's timeouts are the table's", () => {
    const access = Service.properties.accessTokenTimeout as { minimum?: number; maximum?: number }
    expect(access.minimum).toBe(SERVICE_FIELDS.accessTokenTimeout.minimum)
    expect(access.maximum).toBe(SERVICE_FIELDS.accessTokenTimeout.maximum)
    const refresh = Service.properties.refreshTokenTimeout as { minimum?: number; maximum?: number }
    expect(refresh.minimum).toBe(SERVICE_FIELDS.refreshTokenTimeout.minimum)
    expect(refresh.maximum).toBe(SERVICE_FIELDS.refreshTokenTimeout.maximum)
  })
})
