import { describe, expect, it } from 'vitest'
import type { ScimUserResource } from '../../../schema/scim'
import { ScimError } from '../../../server/domain/scim-errors'
import { applyUserPatch, planGroupPatch } from '../../../server/domain/scim-patch'

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
const OTHER = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c'

const ada = (): ScimUserResource => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: ID,
  externalId: 'e-1',
  userName: 'ada@example.com',
  name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
  displayName: 'Ada Lovelace',
  emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
  phoneNumbers: [{ value: '5550001111', type: 'mobile' }],
  active: true,
  userType: 'INTERNAL',
  meta: {
    resourceType: 'User',
    created: '2026-01-01T00:00:00.000Z',
    lastModified: '2026-01-01T00:00:00.000Z',
    location: `https://gh.example/scim/v2/Users/${ID}`,
    version: 'W/"7"',
  },
})

const body = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations })

function refusal(run: () => unknown): ScimError {
  try {
    run()
  } catch (error) {
    if (error instanceof ScimError) return error
    throw error
  }
  throw new Error('expected a ScimError')
}

describe('applyUserPatch', () => {
  it('applies Entra’s path filters: the work email becomes the userName', () => {
    const user = applyUserPatch(
      ada(),
      body(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ada@lovelace.org' },
        { op: 'Replace', path: 'name.familyName', value: 'Byron' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '5550002222' },
      ),
    )
    expect(user.userName).toBe('ada@lovelace.org')
    expect(user.emails).toEqual([{ value: 'ada@lovelace.org', type: 'work', primary: true }])
    expect(user.name).toEqual({ givenName: 'Ada', familyName: 'Byron', formatted: 'Ada Byron' })
    expect(user.phoneNumbers).toEqual([{ value: '5550002222', type: 'mobile' }])
  })

  it('reads "False" as false, on a path and in Okta’s path-less form', () => {
    expect(
      applyUserPatch(ada(), body({ op: 'Replace', path: 'active', value: 'False' })).active,
    ).toBe(false)
    expect(applyUserPatch(ada(), body({ op: 'replace', value: { active: false } })).active).toBe(
      false,
    )
    const back = applyUserPatch({ ...ada(), active: false }, [
      { op: 'replace', value: { Active: 'True' } },
    ])
    expect(back.active).toBe(true)
  })

  it('takes path-less replace with dotted keys, any case, and drops what Gatehouse cannot keep', () => {
    const user = applyUserPatch(
      ada(),
      body({
        op: 'replace',
        value: {
          'name.givenName': 'Augusta',
          externalid: 'e-2',
          title: 'Countess',
          'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Math',
          'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { manager: { value: 'x' } },
        },
      }),
    )
    expect(user.name.givenName).toBe('Augusta')
    expect(user.externalId).toBe('e-2')
    expect(user).not.toHaveProperty('title')
    expect(JSON.stringify(user)).not.toContain('enterprise')
  })

  it('lets a changed userName win over the email and moves the Gatehouse extension with userType', () => {
    const user = applyUserPatch(
      ada(),
      body(
        { op: 'replace', path: 'userName', value: 'ada@analytical.engine' },
        { op: 'replace', path: 'emails[type eq "Work"].value', value: 'other@example.com' },
        {
          op: 'replace',
          path: 'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User:userType',
          value: 'external',
        },
      ),
    )
    expect(user.userName).toBe('ada@analytical.engine')
    expect(user.emails[0]?.value).toBe('ada@analytical.engine')
    expect(user.userType).toBe('EXTERNAL')
    expect(user['urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User']).toEqual({
      userType: 'EXTERNAL',
    })
  })

  it('reads the Gatehouse extension as an object, path-less', () => {
    const user = applyUserPatch(
      ada(),
      body({
        op: 'replace',
        value: {
          'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User': {
            userType: 'EXTERNAL',
            sendInvitation: true,
          },
        },
      }),
    )
    expect(user.userType).toBe('EXTERNAL')
  })

  it('removes: the phone, the externalId', () => {
    const user = applyUserPatch(
      ada(),
      body(
        { op: 'remove', path: 'phoneNumbers[type eq "mobile"]' },
        { op: 'remove', path: 'externalId' },
      ),
    )
    expect(user).not.toHaveProperty('phoneNumbers')
    expect(user).not.toHaveProperty('externalId')
    expect(user.id).toBe(ID)
    expect(user.meta).toEqual(ada().meta)
  })

  it('leaves the resource it was given alone', () => {
    const current = ada()
    applyUserPatch(current, body({ op: 'replace', path: 'name.givenName', value: 'X' }))
    expect(current).toEqual(ada())
  })

  it('accepts the id it already has in a path-less value (Okta)', () => {
    expect(
      applyUserPatch(ada(), body({ op: 'replace', value: { id: ID, active: false } })).active,
    ).toBe(false)
  })

  it.each([
    ['changing id', body({ op: 'replace', path: 'id', value: OTHER }), 'mutability'],
    ['changing id path-less', body({ op: 'replace', value: { id: OTHER } }), 'mutability'],
    ['changing meta', body({ op: 'replace', path: 'meta.created', value: 'x' }), 'mutability'],
    ['an unknown attribute', body({ op: 'replace', path: 'shoeSize', value: 4 }), 'invalidPath'],
    [
      'an unknown sub-attribute',
      body({ op: 'replace', path: 'name.nick', value: 'x' }),
      'invalidPath',
    ],
    [
      'a malformed path',
      body({ op: 'replace', path: 'emails[type eq', value: 'x' }),
      'invalidPath',
    ],
    [
      'a filter on a single value',
      body({ op: 'replace', path: 'name[givenName eq "Ada"].familyName', value: 'x' }),
      'invalidPath',
    ],
    [
      'a replace no entry matches',
      body({ op: 'replace', path: 'emails[type eq "home"]', value: { value: 'a@b.c' } }),
      'noTarget',
    ],
    ['a remove without path', body({ op: 'remove' }), 'noTarget'],
    ['an unknown op', body({ op: 'merge', path: 'active', value: true }), 'invalidSyntax'],
    ['no operations', body(), 'invalidSyntax'],
    ['operations that are not a list', { schemas: [PATCH_OP], Operations: {} }, 'invalidSyntax'],
    [
      'the wrong schema',
      { schemas: ['urn:x'], Operations: [{ op: 'add', path: 'active', value: true }] },
      'invalidSyntax',
    ],
    ['add without value', body({ op: 'add', path: 'active' }), 'invalidSyntax'],
    ['a path-less scalar', body({ op: 'replace', value: 'x' }), 'invalidValue'],
    [
      'active that is not a boolean',
      body({ op: 'replace', path: 'active', value: 'maybe' }),
      'invalidValue',
    ],
    ['a numeric externalId', body({ op: 'replace', path: 'externalId', value: 7 }), 'invalidValue'],
    ['a removed givenName', body({ op: 'remove', path: 'name.givenName' }), 'invalidValue'],
    ['a bad userType', body({ op: 'replace', path: 'userType', value: 'ROBOT' }), 'invalidValue'],
  ])('refuses %s', (_, operations, scimType) => {
    const error = refusal(() => applyUserPatch(ada(), operations))
    expect(error.status).toBe(400)
    expect(error.scimType).toBe(scimType)
  })
})

describe('planGroupPatch', () => {
  it('plans adds and Entra’s removes with a value list without loading members', () => {
    expect(
      planGroupPatch(
        body(
          { op: 'Add', path: 'members', value: [{ value: ID }, { value: OTHER }] },
          { op: 'Remove', path: 'members', value: [{ value: OTHER }] },
        ),
      ),
    ).toEqual({ addMembers: [ID], removeMembers: [OTHER] })
  })

  it('plans removes by filter, several joined by or', () => {
    expect(
      planGroupPatch(
        body({ op: 'remove', path: `members[value eq "${ID}" or value eq "${OTHER}"]` }),
      ),
    ).toEqual({ addMembers: [], removeMembers: [ID, OTHER] })
  })

  it('replaces the membership, and later adds go into the replacement', () => {
    expect(
      planGroupPatch(
        body(
          { op: 'add', path: 'members', value: [{ value: OTHER }] },
          { op: 'replace', path: 'members', value: [{ value: ID }] },
          { op: 'add', path: 'members', value: { value: OTHER } },
        ),
      ),
    ).toEqual({ addMembers: [], removeMembers: [], replaceMembers: [ID, OTHER] })
    expect(planGroupPatch(body({ op: 'remove', path: 'members' }))).toEqual({
      addMembers: [],
      removeMembers: [],
      replaceMembers: [],
    })
  })

  it('renames on a path and in Okta’s path-less form with the id', () => {
    expect(planGroupPatch(body({ op: 'replace', path: 'displayName', value: ' Ops ' }))).toEqual({
      displayName: 'Ops',
      addMembers: [],
      removeMembers: [],
    })
    expect(
      planGroupPatch(
        body({ op: 'replace', value: { id: ID, displayName: 'Ops 2', externalId: 'g-1' } }),
        ID,
      ),
    ).toEqual({ displayName: 'Ops 2', externalId: 'g-1', addMembers: [], removeMembers: [] })
    expect(planGroupPatch(body({ op: 'remove', path: 'externalId' }))).toMatchObject({
      externalId: null,
    })
  })

  it.each([
    ['changing id', body({ op: 'replace', value: { id: OTHER } }), 'mutability'],
    ['changing meta', body({ op: 'replace', path: 'meta', value: {} }), 'mutability'],
    ['an unknown attribute', body({ op: 'replace', path: 'owner', value: 'x' }), 'invalidPath'],
    [
      'a member filter that is not by value',
      body({ op: 'remove', path: 'members[display eq "A"]' }),
      'invalidPath',
    ],
    [
      'adding by filter',
      body({ op: 'add', path: `members[value eq "${ID}"]`, value: {} }),
      'invalidPath',
    ],
    [
      'a member that is not an id',
      body({ op: 'add', path: 'members', value: [{ value: 'x' }] }),
      'invalidValue',
    ],
    [
      'a member without value',
      body({ op: 'add', path: 'members', value: [{ display: 'A' }] }),
      'invalidValue',
    ],
    ['an empty name', body({ op: 'replace', path: 'displayName', value: ' ' }), 'invalidValue'],
    ['removing the name', body({ op: 'remove', path: 'displayName' }), 'invalidValue'],
    ['a remove without path', body({ op: 'remove', value: [{ value: ID }] }), 'noTarget'],
    ['not a body', 'members', 'invalidSyntax'],
  ])('refuses %s', (_, operations, scimType) => {
    const error = refusal(() => planGroupPatch(operations, ID))
    expect(error.status).toBe(400)
    expect(error.scimType).toBe(scimType)
  })
})
