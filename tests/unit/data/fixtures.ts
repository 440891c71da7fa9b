import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyOption,
} from '../../../schema/attributes'
import type { Service } from '../../../schema/service'
import type { Session } from '../../../schema/session'
import type { User } from '../../../schema/user'

let databaseCount = 0
/** A database name no other test of the file uses, so tests never see each other's rows. */
export const freshName = (prefix: string) => `${prefix}-${++databaseCount}`

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString()
const id = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`

export const user = (n: number, over: Partial<User> = {}): User => ({
  id: id('u', n),
  createdAt: at(n),
  updatedAt: at(n),
  nameFirst: `First${n}`,
  nameLast: `Last${n}`,
  email: `user${n}@example.com`,
  phone: null,
  use2FA: false,
  visage: null,
  type: 'EXTERNAL',
  lastLogin: null,
  permissions: [],
  mustChangePassword: false,
  locked: false,
  disabled: false,
  passkeys: 0,
  authenticator: false,
  pendingEmail: null,
  ...over,
})

export const session = (n: number, over: Partial<Session> = {}): Session => ({
  id: id('s', n),
  createdAt: at(n),
  updatedAt: at(n),
  userId: id('u', n % 10),
  ip: `10.0.${Math.floor(n / 256) % 256}.${n % 256}`,
  userAgent: 'test',
  // Expiries repeat every 7 rows so that ties between sort values are common.
  expires: at(1000 + (n % 7)),
  nameFirst: `First${n % 10}`,
  nameLast: `Last${n % 10}`,
  ...over,
})

export const service = (n: number, over: Partial<Service> = {}): Service => ({
  id: id('svc', n),
  createdAt: at(n % 5),
  updatedAt: at(100 - n),
  key: `key-${n}`,
  name: `Service ${n}`,
  description: '',
  url: `https://service${n}.example.com`,
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

export const attributeKey = (n: number, over: Partial<AttributeKey> = {}): AttributeKey => ({
  id: id('k', n),
  createdAt: at(n),
  updatedAt: at(n),
  deleted: false,
  name: `Key ${n}`,
  prompt: null,
  type: 'STRING',
  controlType: null,
  config: '{}',
  imagePath: null,
  skuId: null,
  erpId: null,
  attributeKeyAssociationId: null,
  ...over,
})

export const association = (
  n: number,
  parent: number | null,
  over: Partial<AttributeKeyAssociation> = {},
): AttributeKeyAssociation => ({
  id: id('a', n),
  createdAt: at(n),
  updatedAt: at(n),
  deleted: false,
  sortOrder: n,
  attributeKeyId: id('k', n),
  parentAssociationId: parent === null ? null : id('a', parent),
  ...over,
})

export const option = (n: number, key: number, over: Partial<AttributeKeyOption> = {}) => ({
  id: id('o', n),
  createdAt: at(n),
  updatedAt: at(n),
  deleted: false,
  sortOrder: n,
  attributeKeyId: id('k', key),
  imagePath: null,
  label: `Option ${n}`,
  value: `v${n}`,
  ...over,
})
