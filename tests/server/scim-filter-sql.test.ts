import { and, ne, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { groupMembers, groups } from '../../server/db/schema/access'
import { users } from '../../server/db/schema/users'
import { ScimError } from '../../server/domain/scim-errors'
import {
  GROUP_FILTER_ATTRIBUTES,
  parseScimFilter,
  USER_FILTER_ATTRIBUTES,
  type FilterAttributeType,
} from '../../server/domain/scim-filter'
import {
  groupFilterSql,
  groupSortSql,
  userFilterSql,
  userSortSql,
} from '../../server/repos/scim-filter-sql'
import { ADMIN, useTestApp } from './helper'

/*
 * The filter → SQL compiler on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * every operator, grouping, not, value paths, LIKE escaping, the case rules and sorting.
 */

const t = useTestApp()

const person = (
  first: string,
  last: string,
  email: string,
  more: Partial<typeof users.$inferInsert> = {},
) => ({
  nameFirst: first,
  nameLast: last,
  email,
  passwordHash: 'not-a-hash',
  passwordChangedAt: new Date(),
  type: 'INTERNAL' as const,
  ...more,
})

const ids: Record<string, string> = {}
const groupIds: Record<string, string> = {}

beforeAll(async () => {
  const rows = await t.db
    .insert(users)
    .values([
      person('Ada', 'Lovelace', 'ada@example.com', {
        phone: '5550001111',
        externalId: 'E-1',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      }),
      person('Grace', 'Hopper', 'grace@example.com', {
        externalId: 'e-2',
        type: 'EXTERNAL',
        disabledAt: new Date(),
        createdAt: new Date('2026-02-01T00:00:00Z'),
      }),
      person('Alan', 'Turing', 'alan_t@example.org', {
        phone: '5550002222',
        createdAt: new Date('2026-03-01T00:00:00Z'),
      }),
      person('Nate', 'Lopez', 'nate@example.org', { createdAt: new Date('2026-04-01T00:00:00Z') }),
    ])
    .returning({ id: users.id, email: users.email })
  for (const row of rows) ids[row.email.split('@')[0] ?? ''] = row.id
  const made = await t.db
    .insert(groups)
    .values([
      { name: 'Ops', externalId: 'G-1' },
      { name: 'Dev team', externalId: null },
      { name: 'Empty' },
    ])
    .returning({ id: groups.id, name: groups.name })
  for (const row of made) groupIds[row.name] = row.id
  await t.db.insert(groupMembers).values([
    { groupId: groupIds.Ops!, userId: ids.ada! },
    { groupId: groupIds.Ops!, userId: ids.grace! },
    { groupId: groupIds['Dev team']!, userId: ids.alan_t! },
  ])
})

/** The local parts of the users a filter finds (the administrator aside), in sort order. */
async function find(filter: string, sortBy?: string, sortOrder?: string) {
  const rows = await t.db
    .select({ email: users.email })
    .from(users)
    .where(and(userFilterSql(parseScimFilter(filter)), ne(users.email, ADMIN.email)))
    .orderBy(...userSortSql(sortBy ?? 'userName', sortOrder))
  return rows.map((r) => r.email.split('@')[0])
}

async function findGroups(filter: string) {
  const rows = await t.db
    .select({ name: groups.name })
    .from(groups)
    .where(groupFilterSql(parseScimFilter(filter, 'Group')))
    .orderBy(...groupSortSql('displayName'))
  return rows.map((r) => r.name)
}

describe('userFilterSql', () => {
  it.each([
    ['userName eq "ADA@example.com"', ['ada']],
    ['userName ne "ada@example.com"', ['alan_t', 'grace', 'nate']],
    ['userName co "EXAMPLE.ORG"', ['alan_t', 'nate']],
    ['userName sw "gr"', ['grace']],
    ['userName ew "@example.com"', ['ada', 'grace']],
    ['userName gt "b"', ['grace', 'nate']],
    ['userName ge "grace@example.com"', ['grace', 'nate']],
    ['userName lt "alb"', ['ada', 'alan_t']],
    ['userName le "ada@example.com"', ['ada']],
    ['name.familyName sw "lo"', ['ada', 'nate']],
    ['name.givenName eq "alan"', ['alan_t']],
    ['displayName eq "grace hopper"', ['grace']],
    ['name.formatted co "a l"', ['ada']],
    ['emails.value eq "Nate@Example.org"', ['nate']],
    ['emails[type eq "work" and value co "ada"]', ['ada']],
    ['emails[type eq "home"]', []],
    ['emails[type eq "work"].value eq "grace@example.com"', ['grace']],
    ['emails[primary eq true]', ['ada', 'alan_t', 'grace', 'nate']],
    ['phoneNumbers pr', ['ada', 'alan_t']],
    ['phoneNumbers[type eq "mobile"].value eq "(555) 000-2222"', ['alan_t']],
    ['phoneNumbers.value sw "555000"', ['ada', 'alan_t']],
    ['active eq true', ['ada', 'alan_t', 'nate']],
    ['active eq false', ['grace']],
    ['active ne true', ['grace']],
    ['userType eq "external"', ['grace']],
    ['meta.created gt "2026-02-01T00:00:00Z"', ['alan_t', 'nate']],
    ['meta.created ge "2026-02-01T00:00:00Z"', ['alan_t', 'grace', 'nate']],
    ['meta.created lt "2026-02-01T00:00:00Z"', ['ada']],
    ['meta.created le "2026-01-01T00:00:00Z"', ['ada']],
    ['meta.lastModified pr', ['ada', 'alan_t', 'grace', 'nate']],
  ])('%s', async (filter, expected) => {
    expect(await find(filter)).toEqual(expected)
  })

  it('compares externalId and id exactly, and treats an absent externalId as not equal', async () => {
    expect(await find('externalId eq "E-1"')).toEqual(['ada'])
    expect(await find('externalId eq "e-1"')).toEqual([])
    expect(await find('externalId sw "e"')).toEqual(['grace'])
    expect(await find('externalId ne "E-1"')).toEqual(['alan_t', 'grace', 'nate'])
    expect(await find('not (externalId eq "E-1")')).toEqual(['alan_t', 'grace', 'nate'])
    expect(await find('externalId pr')).toEqual(['ada', 'grace'])
    expect(await find('externalId eq null')).toEqual(['alan_t', 'nate'])
    expect(await find(`id eq "${ids.nate!.toUpperCase()}"`)).toEqual(['nate'])
    expect(await find('id eq "not-a-uuid"')).toEqual([])
    expect(await find(`id sw "${ids.ada!.slice(0, 36)}"`)).toEqual(['ada'])
  })

  it('combines and, or, not and grouping with SCIM precedence', async () => {
    expect(await find('name.familyName sw "lo" and active eq true or userName sw "gr"')).toEqual([
      'ada',
      'grace',
      'nate',
    ])
    expect(await find('name.familyName sw "lo" and (active eq false or userName sw "n")')).toEqual([
      'nate',
    ])
    expect(await find('not (userName co "example.com") and not (phoneNumbers pr)')).toEqual([
      'nate',
    ])
  })

  it('escapes LIKE metacharacters in values', async () => {
    expect(await find('userName co "n_t"')).toEqual(['alan_t'])
    expect(await find('userName co "%"')).toEqual([])
  })

  it('sorts by the attribute asked, either way, ties by id', async () => {
    expect(await find('userName pr', 'name.familyName')).toEqual(['grace', 'nate', 'ada', 'alan_t'])
    expect(await find('userName pr', 'meta.created', 'descending')).toEqual([
      'nate',
      'alan_t',
      'grace',
      'ada',
    ])
    expect(await find('userName pr', 'active')).toEqual(['grace', 'ada', 'alan_t', 'nate'])
    for (const [by, order, scimType] of [
      ['title', undefined, 'invalidValue'],
      ['userName', 'upwards', 'invalidValue'],
    ] as const) {
      expect(() => userSortSql(by, order)).toThrow(ScimError)
      try {
        userSortSql(by, order)
      } catch (error) {
        expect((error as ScimError).scimType).toBe(scimType)
      }
    }
  })
})

describe('groupFilterSql', () => {
  it.each([
    ['displayName eq "ops"', ['Ops']],
    ['displayName co "TEAM"', ['Dev team']],
    ['externalId eq "G-1"', ['Ops']],
    ['externalId pr', ['Ops']],
    ['members pr', ['Dev team', 'Ops']],
    ['not (members pr)', ['Empty']],
  ])('%s', async (filter, expected) => {
    expect(await findGroups(filter)).toEqual(expected)
  })

  it('finds groups by member, in brackets or on members.value, in SQL', async () => {
    expect(await findGroups(`members[value eq "${ids.grace}"]`)).toEqual(['Ops'])
    expect(await findGroups(`members.value eq "${ids.alan_t}"`)).toEqual(['Dev team'])
    expect(await findGroups(`members eq "${ids.alan_t}" or members eq "${ids.ada}"`)).toEqual([
      'Dev team',
      'Ops',
    ])
    expect(await findGroups(`not (members.value eq "${ids.ada}")`)).toEqual(['Dev team', 'Empty'])
    expect(await findGroups(`members[value eq "${ids.ada}" and value eq "${ids.grace}"]`)).toEqual(
      [],
    )
    expect(await findGroups(`id eq "${groupIds.Empty}"`)).toEqual(['Empty'])
  })
})

describe('every attribute with every operator', () => {
  const sample: Record<FilterAttributeType, string> = {
    string: '"x_%"',
    exact: '"x"',
    boolean: 'true',
    dateTime: '"2026-01-01T00:00:00Z"',
  }
  const operators = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'pr']

  it.each([
    ['User', USER_FILTER_ATTRIBUTES, users, userFilterSql],
    ['Group', GROUP_FILTER_ATTRIBUTES, groups, groupFilterSql],
  ] as const)(
    '%s: runs in SQL or is refused as invalidFilter, never a database error',
    async (resource, attributes, table, compile) => {
      let ran = 0
      for (const [path, type] of attributes) {
        for (const op of operators) {
          const text = op === 'pr' ? `${path} pr` : `${path} ${op} ${sample[type]}`
          let where
          try {
            where = compile(parseScimFilter(text, resource))
          } catch (error) {
            expect((error as ScimError).scimType, text).toBe('invalidFilter')
            continue
          }
          await t.db.select({ id: table.id }).from(table).where(where)
          ran += 1
        }
      }
      expect(ran).toBeGreaterThan(attributes.size * 5)
    },
  )
})

describe('on many users', () => {
  it('finds one by userName eq through the unique index, not a scan', async () => {
    await t.db.execute(sql`
      insert into users (id, created_at, updated_at, name_first, name_last, email, password_hash,
                         password_changed_at, type)
      select gen_random_uuid(), now(), now(), 'Bulk', 'Person ' || i, 'bulk' || i || '@example.net',
             'not-a-hash', now(), 'INTERNAL'
      from generate_series(1, 20000) as i`)
    await t.db.execute(sql`analyze users`)
    const query = t.db
      .select({ id: users.id })
      .from(users)
      .where(userFilterSql(parseScimFilter('userName eq "Bulk12345@example.net"')))
    const plan = await t.db.execute(sql`explain ${query}`)
    const text = JSON.stringify(plan)
    expect(text).toContain('users_email_unique')
    expect(text).not.toMatch(/Seq Scan on users/)
    expect((await query).length).toBe(1)
  })
})
