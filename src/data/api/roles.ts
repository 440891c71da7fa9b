import {
  RoleResults,
  RolesResults,
  type ChangeRoleBody,
  type CreateRoleBody,
  type Role,
} from '../../../schema/access'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

const rolePath = (id: string) => `roles/${encodeURIComponent(id)}`

/** Every role, built-in and custom, with how many users hold each (roles.read or users.read). */
export async function listRoles({ signal }: Options = {}): Promise<Role[]> {
  return (await callFor(RolesResults, () => http.get('roles', { signal }))).roles
}

/** One role by id. */
export async function readRole(id: string, { signal }: Options = {}): Promise<Role> {
  return (await callFor(RoleResults, () => http.get(rolePath(id), { signal }))).role
}

/**
 * A custom role (roles.write). The server refuses a taken name and permissions the caller does not
 * hold (422), each with a message to show in the form.
 */
export async function createRole(body: CreateRoleBody, { signal }: Options = {}): Promise<Role> {
  return (await callFor(RoleResults, () => http.post('roles', { json: body, signal }))).role
}

/** Renames, describes or changes the permissions of a custom role; built-in ones answer 403. */
export async function changeRole(
  id: string,
  body: ChangeRoleBody,
  { signal }: Options = {},
): Promise<Role> {
  return (await callFor(RoleResults, () => http.put(rolePath(id), { json: body, signal }))).role
}

/** Deletes a custom role: every holder loses it. Answers the role as it was. */
export async function deleteRole(id: string, { signal }: Options = {}): Promise<Role> {
  return (await callFor(RoleResults, () => http.delete(rolePath(id), { signal }))).role
}
