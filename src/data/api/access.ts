import {
  ExplainResults,
  GroupsResults,
  RolesResults,
  UserAccessResults,
  type Explanation,
  type Group,
  type Role,
  type RoleAssignment,
  type UserAccess,
} from '../../../schema/access'
import type { Permission } from '../../../schema/permissions'
import type { User } from '../../../schema/user'
import { UserAnswer } from '../../../schema/users'
import { storeUser } from '../db/users'
import { callFor, http } from './client'

/*
 * A user's access as the user detail shows it (issue 31): what they hold and why, their role
 * assignments and groups, and the explain box's question. The roles and groups read here are the
 * detail's own short lists (the Roles and Groups screens have their own clients).
 */

type Options = { signal?: AbortSignal }

const userPath = (id: string) => `user/${encodeURIComponent(id)}`

/** Keeps the cache in step with what the server just confirmed, before the sync brings it. */
async function stored(user: User): Promise<User> {
  await storeUser(user)
  return user
}

/**
 * What the user holds and why (GET /v1/user/:id/access, users.read): each effective permission
 * with its sources, the role assignments, the groups and the direct grants.
 */
export async function getUserAccess(id: string, { signal }: Options = {}): Promise<UserAccess> {
  return (await callFor(UserAccessResults, () => http.get(`${userPath(id)}/access`, { signal })))
    .access
}

/**
 * Sets all of the user's role assignments (PUT /v1/user/:id/roles, users.access). 422 with the
 * reason when the caller lacks a role's permissions or the last administrator would lose the role.
 */
export async function setUserRoles(
  id: string,
  assignments: RoleAssignment[],
  { signal }: Options = {},
): Promise<User> {
  return stored(
    (
      await callFor(UserAnswer, () =>
        http.put(`${userPath(id)}/roles`, { json: { assignments }, signal }),
      )
    ).user,
  )
}

/** Sets all of the groups the user is a member of (PUT /v1/user/:id/groups, users.access). */
export async function setUserGroups(
  id: string,
  groups: string[],
  { signal }: Options = {},
): Promise<User> {
  return stored(
    (await callFor(UserAnswer, () => http.put(`${userPath(id)}/groups`, { json: { groups }, signal })))
      .user,
  )
}

/** The roles there are (GET /v1/roles), for the detail's 'Add role'. */
export async function listRoles({ signal }: Options = {}): Promise<Role[]> {
  return (await callFor(RolesResults, () => http.get('roles', { signal }))).roles
}

/** The groups there are (GET /v1/groups), for a role's scope and 'Add to group'. */
export async function listGroups({ signal }: Options = {}): Promise<Group[]> {
  return (await callFor(GroupsResults, () => http.get('groups', { signal }))).groups
}

export type ExplainQuestion = { user: string; permission: Permission; target: string | null }

/**
 * Can the user do this, to that? (GET /v1/access/explain): yes or no, the answer in one sentence
 * and the chain of reasons. Without a target the question is "anywhere".
 */
export async function explain(
  question: ExplainQuestion,
  { signal }: Options = {},
): Promise<Explanation> {
  const searchParams: Record<string, string> = {
    user: question.user,
    permission: question.permission,
  }
  if (question.target) searchParams.target = question.target
  return (await callFor(ExplainResults, () => http.get('access/explain', { searchParams, signal })))
    .explanation
}
