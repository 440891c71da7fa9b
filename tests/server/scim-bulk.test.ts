import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { groupMembers } from '../../server/db/schema/access'
import { users } from '../../server/db/schema/users'
import { stringMatching } from './fixtures'
import { useTestApp } from './helper'
import { makeToken, scim, scimError, userBody } from './scim-support'

/*
 * POST /scim/v2/Bulk (RFC 7644 §3.7; docs/scim.md): bulkId references, failOnErrors, the
 * 1,000-operation limit, and each operation on its own: a failed one leaves nothing behind.
 */

const t = useTestApp()
let token = ''
const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest'

interface BulkAnswer {
  schemas: string[]
  Operations: {
    method: string
    bulkId?: string
    location?: string
    version?: string
    status: string
    response?: { scimType?: string; detail: string }
  }[]
}

beforeAll(async () => {
  token = (await makeToken(t)).secret
})

const bulk = async (Operations: unknown[], failOnErrors?: number) => {
  const response = await scim(t, token, 'POST', 'Bulk', {
    schemas: [BULK],
    ...(failOnErrors === undefined ? {} : { failOnErrors }),
    Operations,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<BulkAnswer>()
}

const byEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0]

describe('POST /Bulk', () => {
  it('runs operations in order, resolving bulkId in paths and member values', async () => {
    const ada = userBody()
    const answer = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'ada', data: ada },
      {
        method: 'POST',
        path: '/Groups',
        bulkId: 'team',
        data: { displayName: 'Bulk team', members: [{ value: 'bulkId:ada' }] },
      },
      {
        method: 'PATCH',
        path: '/Users/bulkId:ada',
        data: { Operations: [{ op: 'replace', path: 'name.givenName', value: 'Augusta' }] },
      },
      { method: 'DELETE', path: '/Groups/bulkId:team' },
    ])
    expect(answer.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:BulkResponse'])
    expect(answer.Operations.map((op) => [op.method, op.status])).toEqual([
      ['POST', '201'],
      ['POST', '201'],
      ['PATCH', '200'],
      ['DELETE', '204'],
    ])
    const user = await byEmail(ada.userName)
    expect(user).toMatchObject({ nameFirst: 'Augusta' })
    expect(answer.Operations[0]).toMatchObject({
      bulkId: 'ada',
      location: `http://localhost:8080/scim/v2/Users/${user!.id}`,
      version: stringMatching(/^W\//),
    })
    const groupId = answer.Operations[1]!.location!.split('/').at(-1)!
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId))).toEqual(
      [],
    )
  })

  it('answers each failure in place, keeps the others, and leaves nothing of a failed one', async () => {
    const first = userBody()
    const answer = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'one', data: first },
      // Same address: refused by the uniqueness check.
      {
        method: 'POST',
        path: '/Users',
        bulkId: 'two',
        data: { ...userBody(), userName: first.userName },
      },
      // Valid user, but its group refers to a user id that does not exist: the group is not made.
      {
        method: 'POST',
        path: '/Groups',
        bulkId: 'g',
        data: {
          displayName: 'Half written',
          members: [{ value: 'bulkId:one' }, { value: '0190a000-0000-7000-8000-000000000000' }],
        },
      },
      { method: 'PATCH', path: '/Users/bulkId:two', data: { Operations: [] } },
      { method: 'GET', path: '/Users' },
      { method: 'POST', path: '/Users', bulkId: 'three', data: userBody() },
    ])
    expect(answer.Operations.map((op) => op.status)).toEqual([
      '201',
      '409',
      '400',
      '400',
      '400',
      '201',
    ])
    expect(answer.Operations[1]).toMatchObject({
      bulkId: 'two',
      response: { scimType: 'uniqueness' },
    })
    expect(answer.Operations[3]?.response?.detail).toMatch(/bulkId:two/)
    const groups = await scim(
      t,
      token,
      'GET',
      `Groups?filter=${encodeURIComponent('displayName eq "Half written"')}`,
    )
    expect(groups.json()).toMatchObject({ totalResults: 0 })
  })

  it('stops after failOnErrors failures', async () => {
    const late = userBody()
    const answer = await bulk(
      [
        { method: 'POST', path: '/Users', bulkId: 'a', data: userBody({ userName: 'bad' }) },
        { method: 'POST', path: '/Users', bulkId: 'b', data: userBody({ userName: 'worse' }) },
        { method: 'POST', path: '/Users', bulkId: 'c', data: late },
      ],
      2,
    )
    expect(answer.Operations.map((op) => op.status)).toEqual(['400', '400'])
    expect(await byEmail(late.userName)).toBeUndefined()
  })

  it('refuses more than 1,000 operations (413 tooMany) and a body that is no BulkRequest', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({
      method: 'DELETE',
      path: `/Users/0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    }))
    const refused = scimError(
      await scim(t, token, 'POST', 'Bulk', { schemas: [BULK], Operations: many }),
      413,
    )
    expect(refused.scimType).toBe('tooMany')
    scimError(await scim(t, token, 'POST', 'Bulk', { schemas: [BULK] }), 400)
    scimError(await scim(t, token, 'POST', 'Bulk', { Operations: [], failOnErrors: -1 }), 400)
  })

  it('provisions 1,000 users in one request', async () => {
    const bodies = Array.from({ length: 1000 }, () => userBody())
    const answer = await bulk(
      bodies.map((data, i) => ({ method: 'POST', path: '/Users', bulkId: `u${i}`, data })),
    )
    expect(answer.Operations.filter((op) => op.status === '201')).toHaveLength(1000)
    expect(await byEmail(bodies[999]!.userName)).toBeDefined()
  }, 120_000)
})
