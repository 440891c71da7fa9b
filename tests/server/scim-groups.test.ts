import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { groupMembers } from '../../server/db/schema/access'
import { anyString, stringMatching } from './fixtures'
import { useTestApp } from './helper'
import {
  createScimUser,
  makeToken,
  personWithToken,
  scim,
  scimError,
  type ScimUser,
  userBody,
} from './scim-support'

/*
 * SCIM Groups (docs/scim.md): the access model's groups, created, read, filtered, replaced,
 * patched (members by SQL) and deleted under the console's rules.
 */

const t = useTestApp()
let token = ''
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const people: ScimUser[] = []

interface ScimGroup {
  id: string
  displayName: string
  externalId?: string
  members?: { value: string; display: string; $ref: string }[]
  meta: { version: string; location: string }
}

beforeAll(async () => {
  token = (await makeToken(t)).secret
  for (let i = 0; i < 4; i++) people.push(await createScimUser(t, token))
})

const memberIds = async (groupId: string) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((row) => row.userId)
    .sort()

const createGroup = async (body: Record<string, unknown>) => {
  const response = await scim(t, token, 'POST', 'Groups', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<ScimGroup>()
}

const patch = (id: string, Operations: unknown[]) =>
  scim(t, token, 'PATCH', `Groups/${id}`, { schemas: [PATCH], Operations })

describe('SCIM Groups', () => {
  it('creates a group with members, reads it, and lists it without members when asked', async () => {
    const group = await createGroup({
      displayName: 'Pharmacy',
      externalId: 'grp-pharmacy',
      members: [{ value: people[0]!.id }, { value: people[1]!.id }],
    })
    expect(group.members?.map((m) => m.value).sort()).toEqual([people[0]!.id, people[1]!.id].sort())
    expect(group.members?.[0]).toMatchObject({
      display: anyString(),
      $ref: stringMatching(/\/scim\/v2\/Users\//),
    })
    const read = await scim(t, token, 'GET', `Groups/${group.id}`)
    expect(read.json()).toEqual(group)
    expect(read.headers.etag).toBe(group.meta.version)

    const listed = await scim(
      t,
      token,
      'GET',
      `Groups?filter=${encodeURIComponent('displayName eq "pharmacy"')}&excludedAttributes=members`,
    )
    expect(listed.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: group.id, displayName: 'Pharmacy' }],
    })
    expect(listed.json<{ Resources: object[] }>().Resources[0]).not.toHaveProperty('members')
    const byMember = await scim(
      t,
      token,
      'GET',
      `Groups?filter=${encodeURIComponent(`members.value eq "${people[1]!.id}"`)}`,
    )
    expect(byMember.json<{ totalResults: number }>().totalResults).toBe(1)
    // A list carries each group's members as the single read does (one query for the page).
    expect(byMember.json<{ Resources: unknown[] }>().Resources).toEqual([group])

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'group.created'))
    expect(audit.at(-1)?.detail).toMatchObject({ source: 'scim', name: 'Pharmacy' })
  })

  it('patches members as Entra and Okta do, by SQL, and renames', async () => {
    const group = await createGroup({ displayName: 'Nurses' })
    const [a, b, c] = people.map((p) => p.id)
    const added = await patch(group.id, [
      { op: 'Add', path: 'members', value: [{ value: a }, { value: b }, { value: c }] },
    ])
    expect(added.statusCode, added.body).toBe(200)
    expect(await memberIds(group.id)).toEqual([a, b, c].sort())

    await patch(group.id, [{ op: 'Remove', path: `members[value eq "${b}"]` }])
    expect(await memberIds(group.id)).toEqual([a, c].sort())
    await patch(group.id, [{ op: 'remove', path: 'members', value: [{ value: a }] }])
    expect(await memberIds(group.id)).toEqual([c])

    const renamed = await patch(group.id, [
      { op: 'replace', value: { id: group.id, displayName: 'Night nurses' } },
    ])
    expect(renamed.json()).toMatchObject({ displayName: 'Night nurses' })
    await patch(group.id, [{ op: 'replace', path: 'members', value: [{ value: b }] }])
    expect(await memberIds(group.id)).toEqual([b])
    await patch(group.id, [{ op: 'remove', path: 'members' }])
    expect(await memberIds(group.id)).toEqual([])

    const actions = (await t.db.select().from(auditLog))
      .filter((row) => (row.detail as { groupId?: string } | null)?.groupId === group.id)
      .map((row) => row.action)
    expect(actions).toEqual([
      'group.created',
      'group.members_added',
      'group.members_removed',
      'group.members_removed',
      'group.updated',
      'group.members_added',
      'group.members_removed',
      'group.members_removed',
    ])
  })

  it('refuses members who are no users (400) and leaves the group as it was', async () => {
    const group = await createGroup({ displayName: 'Porters', members: [{ value: people[0]!.id }] })
    for (const value of ['0190a000-0000-7000-8000-000000000000', 'nobody']) {
      const refused = scimError(
        await patch(group.id, [
          { op: 'add', path: 'members', value: [{ value: people[1]!.id }, { value }] },
        ]),
        400,
      )
      expect(refused.scimType).toBe('invalidValue')
    }
    expect(await memberIds(group.id)).toEqual([people[0]!.id])
  })

  it('replaces a group with PUT, refuses a taken name (409) and a stale version (412)', async () => {
    const group = await createGroup({
      displayName: 'Cleaners',
      members: [{ value: people[0]!.id }],
    })
    await createGroup({ displayName: 'Kitchen' })
    const put = await scim(t, token, 'PUT', `Groups/${group.id}`, {
      displayName: 'Cleaning',
      members: [{ value: people[2]!.id }, { value: people[3]!.id }],
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(await memberIds(group.id)).toEqual([people[2]!.id, people[3]!.id].sort())
    const taken = scimError(
      await scim(t, token, 'PUT', `Groups/${group.id}`, { displayName: 'KITCHEN' }),
      409,
    )
    expect(taken.scimType).toBe('uniqueness')
    scimError(
      await scim(
        t,
        token,
        'PUT',
        `Groups/${group.id}`,
        { displayName: 'X' },
        {
          'if-match': group.meta.version,
        },
      ),
      412,
    )
    expect((await scim(t, token, 'GET', `Groups/${group.id}`)).json<ScimGroup>().displayName).toBe(
      'Cleaning',
    )
  })

  it('deletes a group (204) and its memberships; then it is gone (404)', async () => {
    const group = await createGroup({
      displayName: 'Temporary',
      members: [{ value: people[0]!.id }],
    })
    const deleted = await scim(t, token, 'DELETE', `Groups/${group.id}`)
    expect(deleted.statusCode).toBe(204)
    scimError(await scim(t, token, 'GET', `Groups/${group.id}`), 404)
    expect(await memberIds(group.id)).toEqual([])
    scimError(await scim(t, token, 'DELETE', `Groups/${group.id}`), 404)
  })

  it('follows the console’s rules: roles.write to create, users.access for members', async () => {
    const writer = await personWithToken(t, ['users.write', 'roles.read'])
    scimError(await scim(t, writer.secret, 'POST', 'Groups', { displayName: 'No' }), 403)
    expect((await scim(t, writer.secret, 'GET', 'Groups')).statusCode).toBe(200)

    const manager = await personWithToken(t, ['users.write', 'roles.read', 'roles.write'])
    const made = await scim(t, manager.secret, 'POST', 'Groups', { displayName: 'Managed' })
    expect(made.statusCode).toBe(201)
    const id = made.json<ScimGroup>().id
    const refused = scimError(
      await scim(t, manager.secret, 'PATCH', `Groups/${id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: people[0]!.id }] }],
      }),
      403,
    )
    expect(refused.detail).toMatch(/users\.access/)
    expect(await memberIds(id)).toEqual([])

    const outsider = await personWithToken(t, ['users.write'])
    scimError(await scim(t, outsider.secret, 'GET', 'Groups'), 403)
  })

  it('adds and replaces thousands of members in one PATCH', async () => {
    const ids: string[] = []
    for (let batch = 0; batch < 3; batch++) {
      const answer = await scim(t, token, 'POST', 'Bulk', {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
        Operations: Array.from({ length: 700 }, (_, i) => ({
          method: 'POST',
          path: '/Users',
          bulkId: `m${i}`,
          data: userBody(),
        })),
      })
      for (const op of answer.json<{ Operations: { location: string }[] }>().Operations)
        ids.push(op.location.split('/').at(-1)!)
    }
    expect(ids).toHaveLength(2100)
    const group = await createGroup({ displayName: 'Everyone', members: [{ value: ids[0] }] })
    const added = await patch(group.id, [
      { op: 'add', path: 'members', value: ids.map((value) => ({ value })) },
    ])
    expect(added.statusCode, added.body.slice(0, 300)).toBe(200)
    expect(added.json<ScimGroup>().members).toHaveLength(2100)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'group.members_added'))
    expect(audit.at(-1)?.detail).toMatchObject({ users: 2099 })
    const replaced = await scim(
      t,
      token,
      'PATCH',
      `Groups/${group.id}?excludedAttributes=members`,
      {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'members', value: [{ value: ids[5] }] }],
      },
    )
    expect(replaced.json()).not.toHaveProperty('members')
    expect(await memberIds(group.id)).toEqual([ids[5]])
  }, 120_000)

  it('shows an EXTERNAL token only EXTERNAL members and refuses INTERNAL ones', async () => {
    const external = await personWithToken(
      t,
      ['users.write', 'users.access', 'roles.read', 'roles.write'],
      'EXTERNAL',
    )
    const guest = await createScimUser(t, external.secret)
    const group = await createGroup({
      displayName: 'Mixed',
      members: [{ value: people[0]!.id }, { value: guest.id }],
    })
    const seen = await scim(t, external.secret, 'GET', `Groups/${group.id}`)
    expect(seen.json<ScimGroup>().members?.map((m) => m.value)).toEqual([guest.id])
    scimError(
      await scim(t, external.secret, 'PATCH', `Groups/${group.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: people[1]!.id }] }],
      }),
      400,
    )
    // Replacing the members replaces those it sees: the INTERNAL member stays.
    await scim(t, external.secret, 'PATCH', `Groups/${group.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'members', value: [] }],
    })
    expect(await memberIds(group.id)).toEqual([people[0]!.id])
  })
})
