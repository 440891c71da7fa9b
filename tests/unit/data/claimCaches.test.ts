import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { attributesDb } from '../../../src/data/db/attributes'
import { ownerKey } from '../../../src/data/db/cacheOwner'
import { identityDb } from '../../../src/data/db/identity'
import { openCaches } from '../../../src/data/db/caches'
import { claimCaches } from '../../../src/data/sync/claimCaches'
import { localWriter } from '../../../src/data/sync/writer'
import { readCursor, writeBatch } from '../../../src/data/sync/writeBatch'
import { attributeKey, session } from './fixtures'

const ada = ownerKey({
  id: 'u-ada',
  permissions: ['sessions.read', 'attributes.read'],
  type: 'INTERNAL',
})
const bob = ownerKey({
  id: 'u-bob',
  permissions: ['sessions.read', 'attributes.read'],
  type: 'INTERNAL',
})

describe('opening the caches for a user', () => {
  it('claims both caches through the writer: kept for the owner, emptied for anyone else', async () => {
    const openFor = async (owner: string) => {
      expect(await openCaches()).toEqual([])
      await claimCaches(owner, localWriter())
    }
    await openFor(ada)
    await writeBatch(identityDb(), 'sessions', [session(1)], '1')
    await writeBatch(attributesDb(), 'attributeKeys', [attributeKey(1)], '2')

    await openFor(ada)
    expect(await identityDb().sessions.count()).toBe(1)
    expect(await attributesDb().attributeKeys.count()).toBe(1)

    await openFor(bob)
    expect(await identityDb().sessions.count()).toBe(0)
    expect(await attributesDb().attributeKeys.count()).toBe(0)
    expect(await readCursor(identityDb(), 'sessions')).toBeNull()
    expect(await readCursor(attributesDb(), 'attributeKeys')).toBeNull()
  })
})
