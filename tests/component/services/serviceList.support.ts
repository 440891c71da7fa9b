import type { Service } from '../../../schema/service'
import { identityDb } from '../../../src/data/db/identity'

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12) + n * 60_000).toISOString()

/** Service n was created n minutes after noon on Jan 1, 2026 and updated 1000 − n minutes after. */
export const service = (n: number, over: Partial<Service> = {}): Service => ({
  id: `0192f0c4-0000-7000-a000-${String(n).padStart(12, '0')}`,
  createdAt: at(n),
  updatedAt: at(1000 - n),
  key: `service-${n}`,
  name: `Service ${String(n).padStart(3, '0')}`,
  description: `The service numbered ${n}.`,
  url: `https://service-${n}.example.com`,
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
  ...over,
})

/** Services 1..count in the identity cache, with any extra ones. */
export const seedServices = async (count: number, extra: Service[] = []) => {
  await identityDb().services.clear()
  await identityDb().services.bulkPut([
    ...Array.from({ length: count }, (_, n) => service(n + 1)),
    ...extra,
  ])
}
