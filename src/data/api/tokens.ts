import {
  CreatedTokenResults,
  GroupsResults,
  RolesResults,
  TokenResults,
  TokensResults,
  type ApiToken,
  type CreateTokenBody,
  type CreatedTokenResults as CreatedToken,
  type Group,
  type Role,
} from '../../../schema/access'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

/** The caller's own API tokens, live, expired and revoked (GET /v1/tokens; any signed-in user). */
export async function listTokens({ signal }: Options = {}): Promise<ApiToken[]> {
  return (await callFor(TokensResults, () => http.get('tokens', { signal }))).tokens
}

/**
 * A new token and its secret, answered this once (POST /v1/tokens). 422 with the server's words
 * when it would carry more than the caller holds, or its expiry is past or more than a year away.
 */
export function createToken(body: CreateTokenBody, { signal }: Options = {}): Promise<CreatedToken> {
  return callFor(CreatedTokenResults, () => http.post('tokens', { json: body, signal }))
}

/** Revokes one of the caller's tokens at once; answers it as it now stands. */
export async function revokeToken(id: string, { signal }: Options = {}): Promise<ApiToken> {
  const path = `tokens/${encodeURIComponent(id)}`
  return (await callFor(TokenResults, () => http.delete(path, { signal }))).token
}

/**
 * The roles a token may carry, for the New token dialog's checkboxes (GET /v1/roles: roles.read
 * or users.read). The Roles screen has its own call; this one is the dialog's.
 */
export async function listTokenRoles({ signal }: Options = {}): Promise<Role[]> {
  return (await callFor(RolesResults, () => http.get('roles', { signal }))).roles
}

/** The groups a token may be limited to, for the dialog's scope (GET /v1/groups). */
export async function listTokenGroups({ signal }: Options = {}): Promise<Group[]> {
  return (await callFor(GroupsResults, () => http.get('groups', { signal }))).groups
}
