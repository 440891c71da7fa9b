import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/types'
import {
  consumeOidcModel,
  destroyOidcModel,
  findOidcModel,
  findOidcModelBy,
  revokeOidcGrant,
  upsertOidcModel,
} from '../repos/oidc-models'
import { clientMetadata } from '../use-cases/oidc-clients'

/**
 * The provider's storage (its Adapter): one table of model instances (repos/oidc-models.ts);
 * clients are the services, read afresh at every lookup (use-cases/oidc-clients.ts).
 */
export function adapterFor(db: Db) {
  return class GatehouseAdapter implements Adapter {
    constructor(private readonly model: string) {}
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await upsertOidcModel(db, this.model, id, payload, expiresIn)
    }
    async find(id: string) {
      if (this.model === 'Client') return (await clientMetadata(db, id)) as AdapterPayload
      return await findOidcModel(db, this.model, id)
    }
    async findByUserCode(userCode: string) {
      return (await findOidcModelBy(db, this.model, 'userCode', userCode)) as AdapterPayload
    }
    async findByUid(uid: string) {
      return await findOidcModelBy(db, this.model, 'uid', uid)
    }
    async consume(id: string) {
      await consumeOidcModel(db, this.model, id)
    }
    async destroy(id: string) {
      await destroyOidcModel(db, this.model, id)
    }
    async revokeByGrantId(grantId: string) {
      await revokeOidcGrant(db, grantId)
    }
  }
}
