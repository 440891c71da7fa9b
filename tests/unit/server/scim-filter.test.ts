import { describe, expect, it } from 'vitest'
import { ScimError } from '../../../server/domain/scim-errors'
import {
  FILTER_MAX_DEPTH,
  FILTER_MAX_LENGTH,
  normalizeAttributePath,
  parseScimFilter,
} from '../../../server/domain/scim-filter'

function refusal(run: () => unknown): ScimError {
  try {
    run()
  } catch (error) {
    if (error instanceof ScimError) return error
    throw error
  }
  throw new Error('expected a ScimError')
}

describe('parseScimFilter', () => {
  it('normalizes attribute paths: lowercase, no URN, a bare multi-valued name means its value', () => {
    expect(
      parseScimFilter(
        'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "Ada@Example.com" and Emails co "x"',
      ),
    ).toEqual({
      op: 'and',
      filters: [
        { op: 'eq', attrPath: 'username', compValue: 'Ada@Example.com' },
        { op: 'co', attrPath: 'emails.value', compValue: 'x' },
      ],
    })
  })

  it('keeps grouping, not and value paths, with the inner paths relative to the bracket', () => {
    expect(
      parseScimFilter(
        'not (name.familyName sw "Lo") or emails[type eq "work" and value ew ".org"]',
      ),
    ).toEqual({
      op: 'or',
      filters: [
        { op: 'not', filter: { op: 'sw', attrPath: 'name.familyname', compValue: 'Lo' } },
        {
          op: '[]',
          attrPath: 'emails',
          valFilter: {
            op: 'and',
            filters: [
              { op: 'eq', attrPath: 'type', compValue: 'work' },
              { op: 'ew', attrPath: 'value', compValue: '.org' },
            ],
          },
        },
      ],
    })
  })

  it('reads Entra’s emails[type eq "work"].value form', () => {
    const filter = parseScimFilter('emails[type eq "work"].value eq "a@b.c"')
    expect(filter).toEqual({
      op: 'and',
      filters: [
        {
          op: '[]',
          attrPath: 'emails',
          valFilter: { op: 'eq', attrPath: 'type', compValue: 'work' },
        },
        { op: 'eq', attrPath: 'emails.value', compValue: 'a@b.c' },
      ],
    })
  })

  it('knows the Group attributes apart from the User ones', () => {
    expect(parseScimFilter('members[value eq "x"]', 'Group')).toMatchObject({ op: '[]' })
    expect(parseScimFilter('displayName eq "Ops"', 'Group')).toMatchObject({
      attrPath: 'displayname',
    })
    expect(refusal(() => parseScimFilter('members pr', 'User')).scimType).toBe('invalidFilter')
    expect(refusal(() => parseScimFilter('userName pr', 'Group')).scimType).toBe('invalidFilter')
  })

  it.each([
    ['bad grammar', 'userName eq'],
    ['an unknown operator', 'userName xx "a"'],
    ['an unknown attribute', 'nickName eq "a"'],
    [
      'an extension attribute',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "x"',
    ],
    ['a boolean compared with a string', 'active eq "true"'],
    ['gt on a boolean', 'active gt true'],
    ['a string compared with a number', 'userName eq 5'],
    ['co on a date', 'meta.created co "2026"'],
    ['a date that is not one', 'meta.lastModified gt "yesterday"'],
    ['a bracket on a single-valued attribute', 'name[givenName eq "a"]'],
    ['nested brackets', 'emails[value[type eq "a"]]'],
    ['null with gt', 'externalId gt null'],
    ['an empty filter', '   '],
    ['an unclosed parenthesis', '(userName eq "a"'],
    ['not between two filters', 'userName eq "x" not active pr'],
  ])('refuses %s with 400 invalidFilter', (_, text) => {
    const error = refusal(() => parseScimFilter(text))
    expect(error.status).toBe(400)
    expect(error.scimType).toBe('invalidFilter')
    expect(error.detail.length).toBeGreaterThan(10)
  })

  it('accepts every operator on the attributes it applies to', () => {
    for (const op of ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']) {
      expect(parseScimFilter(`name.givenName ${op} "A"`)).toMatchObject({ op })
    }
    expect(parseScimFilter('externalId pr')).toEqual({ op: 'pr', attrPath: 'externalid' })
    expect(parseScimFilter('active eq false')).toMatchObject({ compValue: false })
    expect(parseScimFilter('meta.created ge "2026-01-01T00:00:00Z"')).toMatchObject({ op: 'ge' })
    expect(parseScimFilter('externalId eq null')).toMatchObject({ compValue: null })
  })

  it('limits length and depth', () => {
    const long = `userName eq "${'a'.repeat(FILTER_MAX_LENGTH)}"`
    expect(refusal(() => parseScimFilter(long)).detail).toMatch(/longer than 2000/)
    const deep = `${'not ('.repeat(FILTER_MAX_DEPTH)}userName pr${')'.repeat(FILTER_MAX_DEPTH)}`
    expect(refusal(() => parseScimFilter(deep)).detail).toMatch(/deeper than 20/)
    const fits = `${'not ('.repeat(FILTER_MAX_DEPTH - 1)}userName pr${')'.repeat(FILTER_MAX_DEPTH - 1)}`
    expect(parseScimFilter(fits)).toMatchObject({ op: 'not' })
  })
})

describe('normalizeAttributePath', () => {
  it('maps what sortBy names to the filter paths, or null', () => {
    expect(normalizeAttributePath('name.familyName', 'User')).toBe('name.familyname')
    expect(normalizeAttributePath('emails', 'User')).toBe('emails.value')
    expect(normalizeAttributePath('title', 'User')).toBeNull()
    expect(
      normalizeAttributePath('urn:ietf:params:scim:schemas:core:2.0:Group:displayName', 'Group'),
    ).toBe('displayname')
  })
})
