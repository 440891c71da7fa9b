import Type, { type Static } from 'typebox'
import { Id, Timestamp } from './common'
import { Permission, type Permission as PermissionName } from './permissions'

/*
 * The access model (issue 31, docs/access.md): roles are named bundles of permissions, groups are
 * named sets of users, a role assignment may be scoped to a group, and API tokens carry roles or
 * permissions for scripts. A user's effective permissions are the union of their roles and their
 * direct grants.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()])

/** Names of roles, groups and tokens: trimmed, 1–64 characters, no control characters. */
export const ACCESS_LIMITS = {
  nameMax: 64,
  descriptionMax: 500,
  /** Permissions a role or token may list (there are fewer; the cap keeps bodies small). */
  permissionsMax: 64,
  rolesMax: 64,
  groupsMax: 200,
  /** Users added to or removed from a group in one call. */
  membersMax: 1000,
  /** An API token lives at most a year. */
  tokenDaysMax: 366,
} as const

const Name = Type.String({ minLength: 1, maxLength: ACCESS_LIMITS.nameMax })
const Description = Type.String({ maxLength: ACCESS_LIMITS.descriptionMax })
const PermissionList = Type.Array(Permission, {
  maxItems: ACCESS_LIMITS.permissionsMax,
  uniqueItems: true,
})

/** The built-in roles: present from the first start, never deleted, their permissions fixed. */
export const BuiltInRoleKeys = [
  'administrator',
  'help-desk',
  'auditor',
  'service-owner',
  'attribute-editor',
] as const
export type BuiltInRoleKey = (typeof BuiltInRoleKeys)[number]

/** A named, described bundle of permissions. */
export const Role = Type.Object({
  id: Id,
  /** The built-in role this is, or null for a custom role. */
  builtIn: Nullable(Type.String()),
  name: Type.String(),
  description: Type.String(),
  permissions: Type.Array(Permission),
  /** How many users hold it (in any scope). */
  holders: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Role = Static<typeof Role>

export const RoleResults = Type.Object({ role: Role })
export type RoleResults = Static<typeof RoleResults>
export const RolesResults = Type.Object({ roles: Type.Array(Role) })
export type RolesResults = Static<typeof RolesResults>

/** POST /v1/roles */
export const CreateRoleBody = Type.Object(
  { name: Name, description: Description, permissions: PermissionList },
  { additionalProperties: false },
)
export type CreateRoleBody = Static<typeof CreateRoleBody>

/** PUT /v1/roles/:id — any of the fields; the others stay. */
export const ChangeRoleBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    permissions: Type.Optional(PermissionList),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type ChangeRoleBody = Static<typeof ChangeRoleBody>

/** A named set of users; a role assignment may be scoped to one. */
export const Group = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  members: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Group = Static<typeof Group>

export const GroupResults = Type.Object({ group: Group })
export type GroupResults = Static<typeof GroupResults>
export const GroupsResults = Type.Object({ groups: Type.Array(Group) })
export type GroupsResults = Static<typeof GroupsResults>

/** POST /v1/groups */
export const CreateGroupBody = Type.Object(
  { name: Name, description: Description },
  { additionalProperties: false },
)
export type CreateGroupBody = Static<typeof CreateGroupBody>

/** PUT /v1/groups/:id */
export const ChangeGroupBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
)
export type ChangeGroupBody = Static<typeof ChangeGroupBody>

/** A member as the Groups screen lists them. */
export const GroupMember = Type.Object({
  id: Id,
  nameFirst: Type.String(),
  nameLast: Type.String(),
  email: Type.String(),
})
export type GroupMember = Static<typeof GroupMember>

/** GET /v1/groups/:id/members?after=<user id>&limit= — by last name, first name, id. */
export const MembersQuery = Type.Object(
  {
    after: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
)
export type MembersQuery = Static<typeof MembersQuery>
export const MembersResults = Type.Object({
  members: Type.Array(GroupMember),
  /** Pass as `after` for the next page; null at the end. */
  next: Nullable(Id),
})
export type MembersResults = Static<typeof MembersResults>

/** POST /v1/groups/:id/members (add) and POST /v1/groups/:id/members/remove. */
export const MembersBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: ACCESS_LIMITS.membersMax, uniqueItems: true }),
  },
  { additionalProperties: false },
)
export type MembersBody = Static<typeof MembersBody>
export const MembersChangeResults = Type.Object({
  group: Group,
  /** Users whose membership changed. */
  changed: Type.Array(Id),
  /** Users left as they were, with why ("no such user", "already a member" …). */
  refused: Type.Array(Type.Object({ id: Id, reason: Type.String() })),
})
export type MembersChangeResults = Static<typeof MembersChangeResults>

/** One role a user holds: everywhere (groupId null) or over one group's members. */
export const RoleAssignment = Type.Object(
  { roleId: Id, groupId: Nullable(Id) },
  { additionalProperties: false },
)
export type RoleAssignment = Static<typeof RoleAssignment>

/** PUT /v1/user/:id/roles: the user's role assignments, all of them. */
export const UserRolesBody = Type.Object(
  {
    assignments: Type.Array(RoleAssignment, { maxItems: ACCESS_LIMITS.rolesMax }),
  },
  { additionalProperties: false },
)
export type UserRolesBody = Static<typeof UserRolesBody>

/** PUT /v1/user/:id/groups: the groups the user is a member of, all of them. */
export const UserGroupsBody = Type.Object(
  { groups: Type.Array(Id, { maxItems: ACCESS_LIMITS.groupsMax, uniqueItems: true }) },
  { additionalProperties: false },
)
export type UserGroupsBody = Static<typeof UserGroupsBody>

/** Where a permission comes from. */
export const AccessSource = Type.Union([
  Type.Object({ kind: Type.Literal('direct') }),
  Type.Object({
    kind: Type.Literal('role'),
    roleId: Id,
    roleName: Type.String(),
    /** The group the role is scoped to, or null for everywhere. */
    groupId: Nullable(Id),
    groupName: Nullable(Type.String()),
  }),
])
export type AccessSource = Static<typeof AccessSource>

/**
 * GET /v1/user/:id/access: what the user holds and why — each effective permission with its
 * sources, the role assignments, the groups and the direct grants.
 */
export const UserAccess = Type.Object({
  userId: Id,
  permissions: Type.Array(
    Type.Object({
      permission: Permission,
      /** Null when held everywhere; otherwise the groups it is held over. */
      groups: Nullable(Type.Array(Type.Object({ id: Id, name: Type.String() }))),
      sources: Type.Array(AccessSource),
    }),
  ),
  assignments: Type.Array(
    Type.Object({
      roleId: Id,
      roleName: Type.String(),
      groupId: Nullable(Id),
      groupName: Nullable(Type.String()),
    }),
  ),
  groups: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  direct: Type.Array(Permission),
})
export type UserAccess = Static<typeof UserAccess>
export const UserAccessResults = Type.Object({ access: UserAccess })
export type UserAccessResults = Static<typeof UserAccessResults>

/**
 * GET /v1/access/explain?user=<id>&permission=<p>[&target=<user or service id>]: can the user do
 * this, to that? `target` is a user id for the scopable permissions (users.*, sessions.*, logs.read),
 * a service id for services.*; without it the question is "anywhere".
 */
export const ExplainQuery = Type.Object(
  {
    user: Id,
    permission: Permission,
    target: Type.Optional(Id),
  },
  { additionalProperties: false },
)
export type ExplainQuery = Static<typeof ExplainQuery>
export const Explanation = Type.Object({
  allowed: Type.Boolean(),
  /** One sentence: "Yes: Ada Lovelace can users.write on Bob Smith." */
  answer: Type.String(),
  /** The chain of reasons, in order, each a sentence. */
  reasons: Type.Array(Type.String()),
})
export type Explanation = Static<typeof Explanation>
export const ExplainResults = Type.Object({ explanation: Explanation })
export type ExplainResults = Static<typeof ExplainResults>

/** An API token as its list shows it; the secret is shown once, at creation. */
export const ApiToken = Type.Object({
  id: Id,
  name: Type.String(),
  /** The first characters of the secret ("gh_AbCd"), to tell tokens apart. */
  prefix: Type.String(),
  roles: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  permissions: Type.Array(Permission),
  group: Nullable(Type.Object({ id: Id, name: Type.String() })),
  createdBy: Type.Object({ id: Id, name: Type.String() }),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  lastUsedAt: Nullable(Timestamp),
  lastUsedFrom: Nullable(Type.String()),
  revokedAt: Nullable(Timestamp),
})
export type ApiToken = Static<typeof ApiToken>

export const TokensResults = Type.Object({ tokens: Type.Array(ApiToken) })
export type TokensResults = Static<typeof TokensResults>
export const TokenResults = Type.Object({ token: ApiToken })
export type TokenResults = Static<typeof TokenResults>

/** POST /v1/tokens */
export const CreateTokenBody = Type.Object(
  {
    name: Name,
    roles: Type.Array(Id, { maxItems: ACCESS_LIMITS.rolesMax, uniqueItems: true }),
    permissions: PermissionList,
    groupId: Nullable(Id),
    /** Required; in the future and at most a year ahead. */
    expiresAt: Timestamp,
  },
  { additionalProperties: false },
)
export type CreateTokenBody = Static<typeof CreateTokenBody>
/** The new token with its secret: the only time the secret is shown. */
export const CreatedTokenResults = Type.Object({ token: ApiToken, secret: Type.String() })
export type CreatedTokenResults = Static<typeof CreatedTokenResults>

/** Permission → the groups it is held over (the users row's `scopes`). */
export type AccessScopes = Partial<Record<PermissionName, string[]>>

/** The permissions a group scope can narrow: those that act on users. Others need no scope. */
export const SCOPABLE_PERMISSIONS: readonly PermissionName[] = [
  'users.read',
  'users.write',
  'sessions.read',
  'sessions.revoke',
  'logs.read',
]

export const ACCESS_MESSAGES = {
  builtInFixed: 'Built-in roles cannot be changed or deleted.',
  roleNameTaken: 'A role with this name exists already.',
  groupNameTaken: 'A group with this name exists already.',
  noSuchRole: 'There is no such role.',
  noSuchGroup: 'There is no such group.',
  noSuchToken: 'There is no such token.',
  grantRole: 'You cannot grant a role with permissions you do not hold yourself.',
  roleCeiling: 'You cannot give a role permissions you do not hold yourself.',
  lastAdministrator: 'The last active holder of the Administrator role cannot lose it.',
  tokenCeiling: 'A token cannot carry permissions you do not hold yourself.',
  tokenExpiry: 'Choose an expiry date in the future and at most a year away.',
  tokenEmpty: 'Choose at least one role or permission for the token.',
  tokenInvalid: 'The API token is not valid, has expired or was revoked.',
  tokenNotHere: 'API tokens cannot be used for this; sign in to the console.',
  scopeNotUsers: 'Only a role for users, sessions or logs can be limited to a group.',
} as const
