import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { users } from '../../server/db/schema/users'
import { createUser, uniquePhone } from './fixtures'
import { timelineText } from '../../schema/audit-text'
import type { TimelineResults } from '../../schema/users'
import { ADMIN, outboxFiles, signIn, useTestApp } from './helper'
import { createScimUser, makeToken, scim, scimError, type ScimUser, userBody } from './scim-support'

/*
 * SCIM Users (docs/scim.md): provisioning, reading, replacing, patching as Entra and Okta do,
 * deprovisioning (disabling), filters, pages, sorting, versions, and what the audit log keeps.
 */

const t = useTestApp()
let token = ''
let tokenId = ''
const EXT = 'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User'
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'

beforeAll(async () => {
  const made = await makeToken(t, { name: 'Entra provisioning' })
  token = made.secret
  tokenId = made.id
})

const patch = (id: string, Operations: unknown[], headers: Record<string, string> = {}) =>
  scim(t, token, 'PATCH', `Users/${id}`, { schemas: [PATCH], Operations }, headers)

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!

const auditOf = (subject: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, subject), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))

describe('POST /Users', () => {
  it('provisions a user without a password, audited with the token, no mail unless asked', async () => {
    const mailsBefore = outboxFiles(t).length
    const body = userBody({ phoneNumbers: [{ value: '+1 (555) 010-2030', type: 'mobile' }] })
    const response = await scim(t, token, 'POST', 'Users', body)
    expect(response.statusCode, response.body).toBe(201)
    const user = response.json<ScimUser>()
    expect(user).toMatchObject({
      userName: body.userName.toLowerCase(),
      externalId: body.externalId,
      name: { givenName: 'Ada', familyName: body.name.familyName },
      emails: [{ value: body.userName.toLowerCase(), type: 'work', primary: true }],
      phoneNumbers: [{ value: '5550102030', type: 'mobile' }],
      active: true,
      userType: 'INTERNAL',
      meta: { resourceType: 'User', location: `http://localhost:8080/scim/v2/Users/${user.id}` },
    })
    expect(response.headers.location).toBe(user.meta.location)
    expect(response.headers.etag).toBe(user.meta.version)
    expect(outboxFiles(t).length).toBe(mailsBefore)
    const [audit] = await auditOf(user.id, 'user.created')
    expect(audit?.detail).toMatchObject({
      source: 'scim',
      invited: false,
      via: { tokenId, tokenName: 'Entra provisioning' },
    })
    const read = await scim(t, token, 'GET', `Users/${user.id}`)
    expect(read.json()).toEqual(user)
  })

  it('shows in the user’s timeline as done through SCIM with the token', async () => {
    const user = await createScimUser(t, token)
    await patch(user.id, [{ op: 'replace', path: 'name.givenName', value: 'Timeline' }])
    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/v1/user/${user.id}/timeline`,
      headers: { cookie },
    })
    expect(timeline.statusCode, timeline.body).toBe(200)
    const events = timeline.json<{ results: TimelineResults }>().results.events
    expect(events.map((event) => event.action)).toEqual(['user.updated', 'user.created'])
    for (const event of events)
      expect(timelineText(event)).toMatch(
        /\(through SCIM, with the API token Entra provisioning\)$/,
      )
  })

  it('mails the invitation only when the extension asks for it', async () => {
    const body = userBody({ [EXT]: { sendInvitation: true } })
    const user = await createScimUser(t, token, body)
    const mail = outboxFiles(t).filter((m) => m.to === user.userName)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.text).toMatch(/created a Gatehouse[\s\S]*http:\/\/localhost:8080\//)
  })

  it('creates a disabled user for active: false, and an EXTERNAL one when the extension says so', async () => {
    const user = await createScimUser(t, token, {
      active: false,
      [EXT]: { userType: 'EXTERNAL' },
    })
    expect(user).toMatchObject({ active: false, userType: 'EXTERNAL' })
    expect((await rowOf(user.id)).disabledAt).not.toBeNull()
  })

  it('refuses what Gatehouse cannot keep: 400 invalidValue', async () => {
    for (const fields of [
      { name: { givenName: 'Ada' } },
      { name: undefined },
      { userName: 'not an address' },
      { userName: undefined },
      { phoneNumbers: [{ value: '12345', type: 'mobile' }] },
      { phoneNumbers: [{ value: 'call me', type: 'mobile' }] },
      { active: 'maybe' },
      { [EXT]: { userType: 'ROBOT' } },
    ]) {
      const refused = scimError(await scim(t, token, 'POST', 'Users', userBody(fields)), 400)
      expect(refused.scimType).toBe('invalidValue')
    }
  })

  it('refuses a taken userName (any case), phone or externalId: 409 uniqueness', async () => {
    const phone = uniquePhone()
    const first = await createScimUser(t, token, { phoneNumbers: [{ value: phone }] })
    for (const fields of [
      { userName: first.userName.toUpperCase() },
      { phoneNumbers: [{ value: phone, type: 'mobile' }] },
      { externalId: first.externalId },
    ]) {
      const refused = scimError(await scim(t, token, 'POST', 'Users', userBody(fields)), 409)
      expect(refused.scimType).toBe('uniqueness')
    }
  })
})

describe('PUT /Users/:id', () => {
  it('replaces the user: fields absent are cleared, read-only ones ignored', async () => {
    const user = await createScimUser(t, token, { phoneNumbers: [{ value: uniquePhone() }] })
    const replaced = await scim(t, token, 'PUT', `Users/${user.id}`, {
      id: user.id,
      userName: `New.${user.userName}`,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      meta: { created: '2000-01-01T00:00:00Z' },
    })
    expect(replaced.statusCode, replaced.body).toBe(200)
    const after = replaced.json<ScimUser>()
    expect(after).toMatchObject({
      userName: `new.${user.userName}`,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      active: true,
    })
    expect(after.phoneNumbers).toBeUndefined()
    expect(after.externalId).toBeUndefined()
    expect(after.meta.created).toBe(user.meta.created)
    expect(after.meta.version).not.toBe(user.meta.version)
    const [audit] = await auditOf(user.id, 'user.updated')
    expect(audit?.detail).toMatchObject({
      source: 'scim',
      changes: { nameFirst: { before: 'Ada', after: 'Grace' } },
    })
  })

  it('refuses another id (400 mutability), an unknown user (404) and a taken address (409)', async () => {
    const user = await createScimUser(t, token)
    const other = await createScimUser(t, token)
    const mutability = scimError(
      await scim(t, token, 'PUT', `Users/${user.id}`, userBody({ id: other.id })),
      400,
    )
    expect(mutability.scimType).toBe('mutability')
    scimError(
      await scim(
        t,
        token,
        'PUT',
        '/scim/v2/Users/0190a000-0000-7000-8000-000000000000',
        userBody(),
      ),
      404,
    )
    scimError(
      await scim(t, token, 'PUT', `Users/${user.id}`, userBody({ userName: other.userName })),
      409,
    )
    expect((await rowOf(user.id)).email).toBe(user.userName)
  })
})

describe('PATCH /Users/:id', () => {
  it('takes Entra’s operations: filtered paths, "False" for active', async () => {
    const person = await createUser(t)
    const cookie = await signIn(t, person.email, person.password)
    const address = `entra.${Date.now()}@example.com`
    const response = await patch(person.id, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: address },
      { op: 'Replace', path: 'name.familyName', value: 'Curie' },
      { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '555-010-9999' },
      { op: 'Replace', path: 'active', value: 'False' },
    ])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      userName: address,
      name: { familyName: 'Curie' },
      phoneNumbers: [{ value: '5550109999' }],
      active: false,
    })
    // Disabling ends the user's sessions, as the console's disable does.
    const self = await t.app.inject({ method: 'GET', url: '/v1/self', headers: { cookie } })
    expect(self.statusCode).toBe(401)
    const [disabled] = await auditOf(person.id, 'account.disabled')
    expect(disabled?.detail).toMatchObject({ source: 'scim', sessionsEnded: 1 })

    const enabled = await patch(person.id, [{ op: 'replace', value: { active: true } }])
    expect(enabled.json()).toMatchObject({ active: true })
    expect(await auditOf(person.id, 'account.enabled')).toHaveLength(1)
  })

  it('takes Okta’s path-less replace and dotted keys', async () => {
    const user = await createScimUser(t, token)
    const response = await patch(user.id, [
      { op: 'replace', value: { 'name.givenName': 'Katherine', externalId: `okta-${user.id}` } },
    ])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      name: { givenName: 'Katherine' },
      externalId: `okta-${user.id}`,
    })
  })

  it('changes the type through userType or the extension, audited as an access change', async () => {
    const user = await createScimUser(t, token)
    const external = await patch(user.id, [{ op: 'replace', path: 'userType', value: 'EXTERNAL' }])
    expect(external.json()).toMatchObject({ userType: 'EXTERNAL', [EXT]: { userType: 'EXTERNAL' } })
    const internal = await patch(user.id, [
      { op: 'replace', path: `${EXT}:userType`, value: 'INTERNAL' },
    ])
    expect(internal.json()).toMatchObject({ userType: 'INTERNAL' })
    expect((await auditOf(user.id, 'user.access')).map((row) => row.detail)).toEqual([
      expect.objectContaining({ changes: { type: { before: 'INTERNAL', after: 'EXTERNAL' } } }),
      expect.objectContaining({ changes: { type: { before: 'EXTERNAL', after: 'INTERNAL' } } }),
    ])
  })

  it('refuses read-only attributes, bad paths and bodies, and leaves the user as it was', async () => {
    const user = await createScimUser(t, token)
    const cases: [unknown[], string][] = [
      [[{ op: 'replace', path: 'id', value: 'x' }], 'mutability'],
      [[{ op: 'replace', path: 'meta.created', value: '2000-01-01T00:00:00Z' }], 'mutability'],
      [[{ op: 'replace', path: 'name.familyName', value: '' }], 'invalidValue'],
      [[{ op: 'jump', path: 'active', value: true }], 'invalidSyntax'],
      [[], 'invalidSyntax'],
    ]
    for (const [operations, scimType] of cases) {
      const refused = scimError(await patch(user.id, operations), 400)
      expect(refused.scimType, JSON.stringify(operations)).toBe(scimType)
    }
    const after = await scim(t, token, 'GET', `Users/${user.id}`)
    expect(after.json<ScimUser>().meta.version).toBe(user.meta.version)
  })
})

describe('DELETE /Users/:id', () => {
  it('disables the user (204); GET still answers it, inactive', async () => {
    const user = await createScimUser(t, token)
    const deleted = await scim(t, token, 'DELETE', `Users/${user.id}`)
    expect(deleted.statusCode).toBe(204)
    expect(deleted.body).toBe('')
    const read = await scim(t, token, 'GET', `Users/${user.id}`)
    expect(read.json()).toMatchObject({ id: user.id, active: false })
    expect((await auditOf(user.id, 'account.disabled'))[0]?.detail).toMatchObject({
      source: 'scim',
    })
    expect((await scim(t, token, 'DELETE', `Users/${user.id}`)).statusCode).toBe(204)
  })
})

describe('versions', () => {
  it('answers 304 for a current If-None-Match, 412 for a stale If-Match', async () => {
    const user = await createScimUser(t, token)
    const version = user.meta.version
    const unchanged = await scim(t, token, 'GET', `Users/${user.id}`, undefined, {
      'if-none-match': version,
    })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')

    const changed = await patch(
      user.id,
      [{ op: 'replace', path: 'name.givenName', value: 'Changed' }],
      { 'if-match': version },
    )
    expect(changed.statusCode).toBe(200)
    for (const [method, body] of [
      [
        'PATCH',
        { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] },
      ],
      ['PUT', userBody()],
      ['DELETE', undefined],
    ] as const) {
      const stale = await scim(t, token, method, `Users/${user.id}`, body, { 'if-match': version })
      scimError(stale, 412)
    }
    expect((await rowOf(user.id)).disabledAt).toBeNull()
    const fresh = await scim(t, token, 'GET', `Users/${user.id}`, undefined, {
      'if-none-match': version,
    })
    expect(fresh.statusCode).toBe(200)
    expect(fresh.headers.etag).toBe(changed.json<ScimUser>().meta.version)
  })
})

describe('GET /Users', () => {
  const family = `Pager${Date.now().toString(36)}`
  const made: ScimUser[] = []
  beforeAll(async () => {
    for (const given of ['Eve', 'Bob', 'Dan', 'Cat', 'Amy'])
      made.push(await createScimUser(t, token, { name: { givenName: given, familyName: family } }))
  })
  const list = async (query: string) => {
    const response = await scim(t, token, 'GET', `Users?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{
      totalResults: number
      startIndex: number
      itemsPerPage: number
      Resources: Partial<ScimUser>[]
    }>()
  }
  const filter = (text: string) => `filter=${encodeURIComponent(text)}`

  it('filters in SQL and pages with startIndex and count', async () => {
    const page = await list(
      `${filter(`name.familyName eq "${family}"`)}&sortBy=name.givenName&startIndex=2&count=2`,
    )
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 })
    expect(page.Resources.map((u) => u.name?.givenName)).toEqual(['Bob', 'Cat'])
    const last = await list(
      `${filter(`name.familyName eq "${family}"`)}&sortBy=name.givenName&startIndex=5&count=2`,
    )
    expect(last.Resources.map((u) => u.name?.givenName)).toEqual(['Eve'])
    const none = await list(`${filter(`name.familyName eq "${family}"`)}&count=0`)
    expect(none).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] })
  })

  it('sorts descending and filters by userName, externalId and a combination', async () => {
    const down = await list(
      `${filter(`name.familyName eq "${family}"`)}&sortBy=name.givenName&sortOrder=descending`,
    )
    expect(down.Resources.map((u) => u.name?.givenName)).toEqual([
      'Eve',
      'Dan',
      'Cat',
      'Bob',
      'Amy',
    ])
    const one = made[2]!
    expect((await list(filter(`userName eq "${one.userName.toUpperCase()}"`))).Resources).toEqual([
      one,
    ])
    expect((await list(filter(`externalId eq "${one.externalId}"`))).totalResults).toBe(1)
    const both = await list(
      filter(`name.familyName eq "${family}" and (name.givenName sw "A" or name.givenName sw "B")`),
    )
    expect(both.totalResults).toBe(2)
  })

  it('keeps only the attributes asked for, or leaves out the excluded ones', async () => {
    const one = made[0]!
    const only = await list(`${filter(`id eq "${one.id}"`)}&attributes=userName`)
    expect(only.Resources).toEqual([
      {
        schemas: [
          'urn:ietf:params:scim:schemas:core:2.0:User',
          'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User',
        ],
        id: one.id,
        userName: one.userName,
      },
    ])
    const without = await list(`${filter(`id eq "${one.id}"`)}&excludedAttributes=emails,meta`)
    expect(without.Resources[0]).not.toHaveProperty('emails')
    expect(without.Resources[0]).not.toHaveProperty('meta')
    expect(without.Resources[0]).toHaveProperty('userName')
  })

  it('refuses a bad filter or sortBy (400) and searches by POST /.search', async () => {
    for (const bad of ['userName eq', 'password eq "x"', 'userName xx "a"']) {
      const refused = scimError(await scim(t, token, 'GET', `Users?${filter(bad)}`), 400)
      expect(refused.scimType).toBe('invalidFilter')
    }
    expect(scimError(await scim(t, token, 'GET', 'Users?sortBy=password'), 400).scimType).toBe(
      'invalidValue',
    )
    scimError(await scim(t, token, 'GET', 'Users?count=abc'), 400)
    const searched = await scim(t, token, 'POST', 'Users/.search', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
      filter: `name.familyName eq "${family}"`,
      sortBy: 'name.givenName',
      startIndex: 1,
      count: 1,
      attributes: ['name.givenName'],
    })
    expect(searched.statusCode, searched.body).toBe(200)
    expect(searched.json()).toMatchObject({
      totalResults: 5,
      Resources: [{ name: { givenName: 'Amy' } }],
    })
  })
})
