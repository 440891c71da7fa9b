import {
  ACCESS_LIMITS,
  GroupResults,
  GroupsResults,
  MembersChangeResults,
  MembersResults,
  type ChangeGroupBody,
  type CreateGroupBody,
  type Group,
} from '../../../schema/access'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

const groupPath = (id: string) => `groups/${encodeURIComponent(id)}`

/** Every group, by name (roles.read or users.read). */
export async function listGroups({ signal }: Options = {}): Promise<Group[]> {
  return (await callFor(GroupsResults, () => http.get('groups', { signal }))).groups
}

/** A new, empty group (roles.write); 422 when the name is taken. */
export async function createGroup(body: CreateGroupBody, { signal }: Options = {}) {
  return (await callFor(GroupResults, () => http.post('groups', { json: body, signal }))).group
}

/** Renames or describes a group (roles.write); 422 when the name is taken. */
export async function changeGroup(id: string, body: ChangeGroupBody, { signal }: Options = {}) {
  return (await callFor(GroupResults, () => http.put(groupPath(id), { json: body, signal }))).group
}

/** Deletes a group; its members stay users, and role assignments scoped to it go with it. */
export async function deleteGroup(id: string, { signal }: Options = {}): Promise<Group> {
  return (await callFor(GroupResults, () => http.delete(groupPath(id), { signal }))).group
}

/** One page of a group's members by last name; `after` is the previous page's `next`. */
export async function listMembers(
  id: string,
  after: string | null,
  { signal, limit = 100 }: Options & { limit?: number } = {},
): Promise<MembersResults> {
  const searchParams: Record<string, string | number> = { limit }
  if (after) searchParams.after = after
  return callFor(MembersResults, () => http.get(`${groupPath(id)}/members`, { searchParams, signal }))
}

type ChangeOptions = Options & { onProgress?: (sent: number) => void }

/**
 * Adds users to a group or takes them out (users.access), ACCESS_LIMITS.membersMax ids a call;
 * `onProgress` hears how many were sent so far. The answers are merged: the group as the last
 * call left it, who changed, and who was left as they were and why.
 */
async function changeMembers(
  id: string,
  path: string,
  ids: readonly string[],
  { signal, onProgress }: ChangeOptions,
): Promise<MembersChangeResults> {
  let merged: MembersChangeResults | null = null
  for (let start = 0; start < ids.length; start += ACCESS_LIMITS.membersMax) {
    const chunk = ids.slice(start, start + ACCESS_LIMITS.membersMax)
    const results = await callFor(MembersChangeResults, () =>
      http.post(`${groupPath(id)}/${path}`, { json: { ids: chunk }, signal }),
    )
    merged = merged
      ? {
          group: results.group,
          changed: [...merged.changed, ...results.changed],
          refused: [...merged.refused, ...results.refused],
        }
      : results
    onProgress?.(start + chunk.length)
  }
  if (!merged) throw new Error('No users to change.')
  return merged
}

/** POST /v1/groups/:id/members: the users become members (those already in are refused). */
export const addMembers = (id: string, ids: readonly string[], options: ChangeOptions = {}) =>
  changeMembers(id, 'members', ids, options)

/** POST /v1/groups/:id/members/remove: the users stop being members. */
export const removeMembers = (id: string, ids: readonly string[], options: ChangeOptions = {}) =>
  changeMembers(id, 'members/remove', ids, options)
