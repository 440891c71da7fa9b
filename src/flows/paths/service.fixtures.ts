import type { Service } from '../../../schema/service'
import { ApiError } from '../../data/api/ApiError'

/** A service as the cache holds it. */
export function aService(changes: Partial<Service> = {}): Service {
  return {
    id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    key: 'crm',
    name: 'Customer Records',
    description: 'Where the sales team keeps its customers',
    url: 'https://crm.example.com',
    accessTokenTimeout: 1,
    refreshTokenTimeout: 30,
    hasLogo: false,
    deleted: false,
    redirectUris: [],
    postLogoutRedirectUris: [],
    clientType: 'public',
    firstParty: true,
    requireMfa: false,
    backchannelLogoutUri: '',
    ...changes,
  }
}

/** The server's answer to a change: the service as saved, a moment later. */
export const savedService = (before: Service, changes: Partial<Service>): Service => ({
  ...before,
  ...changes,
  updatedAt: '2026-02-01T00:00:00.000Z',
})

/** The server's refusal of a call, as the data layer hands it to a chart. */
export const refusal = (status: number, message: string) => new ApiError(status, 1001, message)
