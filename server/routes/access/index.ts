import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import {
  ChangeGroupBody,
  ChangeRoleBody,
  CreatedTokenResults,
  CreateGroupBody,
  CreateRoleBody,
  CreateTokenBody,
  ExplainQuery,
  ExplainResults,
  GroupResults,
  GroupsResults,
  MembersBody,
  MembersChangeResults,
  MembersQuery,
  MembersResults,
  RoleResults,
  RolesResults,
  TokenResults,
  TokensResults,
  UserAccessResults,
  UserGroupsBody,
  UserRolesBody,
} from '../../../schema/access'
import { IdParams } from '../../../schema/common'
import { Success } from '../../../schema/envelope'
import { UserIdParams } from '../../../schema/user'
import { UserAnswer } from '../../../schema/users'
import { toGroup, toRole } from '../../presenters/access'
import { toUser } from '../../presenters/user'
import * as access from '../../use-cases/access'
import { createToken, getToken, listTokens, revokeToken } from '../../use-cases/api-tokens'
import { failures, useCaseContext } from '../context'

const ok = <T>(results: T) => ({ success: true as const, results })

/**
 * The access model (docs/access.md): roles, groups and their members, a user's roles, groups and
 * where each permission comes from, "why can they?", and API tokens. Guards run before validation,
 * so nobody without the permission learns what a valid id is.
 */
const accessRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const readRoles = app.requireAnyPermission('roles.read', 'users.read')
  const writeRoles = app.requirePermission('roles.write')
  const grant = app.requirePermission('users.access')
  const signedIn = app.authenticate

  // ---- roles
  app.get(
    '/v1/roles',
    { preValidation: readRoles, schema: { response: { 200: Success(RolesResults), ...failures } } },
    async (request) =>
      ok({ roles: (await access.listRoles(useCaseContext(app, request))).map(toRole) }),
  )
  app.post(
    '/v1/roles',
    {
      preValidation: writeRoles,
      schema: { body: CreateRoleBody, response: { 200: Success(RoleResults), ...failures } },
    },
    async (request) =>
      ok({
        role: toRole(
          await access.createRole(useCaseContext(app, request), request.auth!.user, request.body),
        ),
      }),
  )
  app.get(
    '/v1/roles/:id',
    {
      preValidation: readRoles,
      schema: { params: IdParams, response: { 200: Success(RoleResults), ...failures } },
    },
    async (request) =>
      ok({ role: toRole(await access.getRole(useCaseContext(app, request), request.params.id)) }),
  )
  app.put(
    '/v1/roles/:id',
    {
      preValidation: writeRoles,
      schema: {
        params: IdParams,
        body: ChangeRoleBody,
        response: { 200: Success(RoleResults), ...failures },
      },
    },
    async (request) => {
      const role = await access.changeRole(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
        request.body,
      )
      await app.eventStreams.recheck()
      return ok({ role: toRole(role) })
    },
  )
  app.delete(
    '/v1/roles/:id',
    {
      preValidation: writeRoles,
      schema: { params: IdParams, response: { 200: Success(RoleResults), ...failures } },
    },
    async (request) => {
      const role = await access.removeRole(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
      )
      await app.eventStreams.recheck()
      return ok({ role: toRole(role) })
    },
  )

  // ---- groups
  app.get(
    '/v1/groups',
    {
      preValidation: readRoles,
      schema: { response: { 200: Success(GroupsResults), ...failures } },
    },
    async (request) =>
      ok({ groups: (await access.listGroups(useCaseContext(app, request))).map(toGroup) }),
  )
  app.post(
    '/v1/groups',
    {
      preValidation: writeRoles,
      schema: { body: CreateGroupBody, response: { 200: Success(GroupResults), ...failures } },
    },
    async (request) =>
      ok({
        group: toGroup(
          await access.createGroup(useCaseContext(app, request), request.auth!.user, request.body),
        ),
      }),
  )
  app.get(
    '/v1/groups/:id',
    {
      preValidation: readRoles,
      schema: { params: IdParams, response: { 200: Success(GroupResults), ...failures } },
    },
    async (request) =>
      ok({
        group: toGroup(await access.getGroup(useCaseContext(app, request), request.params.id)),
      }),
  )
  app.put(
    '/v1/groups/:id',
    {
      preValidation: writeRoles,
      schema: {
        params: IdParams,
        body: ChangeGroupBody,
        response: { 200: Success(GroupResults), ...failures },
      },
    },
    async (request) =>
      ok({
        group: toGroup(
          await access.changeGroup(
            useCaseContext(app, request),
            request.auth!.user,
            request.params.id,
            request.body,
          ),
        ),
      }),
  )
  app.delete(
    '/v1/groups/:id',
    {
      preValidation: writeRoles,
      schema: { params: IdParams, response: { 200: Success(GroupResults), ...failures } },
    },
    async (request) => {
      const group = await access.removeGroup(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
      )
      await app.eventStreams.recheck()
      return ok({ group: toGroup(group) })
    },
  )
  app.get(
    '/v1/groups/:id/members',
    {
      preValidation: app.requirePermission('users.read'),
      schema: {
        params: IdParams,
        querystring: MembersQuery,
        response: { 200: Success(MembersResults), ...failures },
      },
    },
    async (request) =>
      ok(
        await access.groupMembers(
          useCaseContext(app, request),
          request.auth!.user,
          request.params.id,
          request.query,
        ),
      ),
  )
  for (const [path, add] of [
    ['/v1/groups/:id/members', true],
    ['/v1/groups/:id/members/remove', false],
  ] as const)
    app.post(
      path,
      {
        preValidation: grant,
        schema: {
          params: IdParams,
          body: MembersBody,
          response: { 200: Success(MembersChangeResults), ...failures },
        },
      },
      async (request) => {
        const { group, changed, refused } = await access.changeMembers(
          useCaseContext(app, request),
          request.auth!.user,
          request.params.id,
          request.body.ids,
          add,
        )
        return ok({ group: toGroup(group), changed, refused })
      },
    )

  // ---- one user's access
  app.get(
    '/v1/user/:id/access',
    {
      preValidation: app.requirePermission('users.read'),
      schema: { params: UserIdParams, response: { 200: Success(UserAccessResults), ...failures } },
    },
    async (request) =>
      ok({
        access: await access.userAccess(
          useCaseContext(app, request),
          request.auth!.user,
          request.params.id,
        ),
      }),
  )
  app.put(
    '/v1/user/:id/roles',
    {
      preValidation: grant,
      schema: {
        params: UserIdParams,
        body: UserRolesBody,
        response: { 200: Success(UserAnswer), ...failures },
      },
    },
    async (request) => {
      const user = await access.setUserRoles(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
        request.body.assignments,
      )
      await app.eventStreams.recheck()
      return ok({ user: toUser(user) })
    },
  )
  app.put(
    '/v1/user/:id/groups',
    {
      preValidation: grant,
      schema: {
        params: UserIdParams,
        body: UserGroupsBody,
        response: { 200: Success(UserAnswer), ...failures },
      },
    },
    async (request) => {
      const user = await access.setUserGroups(
        useCaseContext(app, request),
        request.auth!.user,
        request.params.id,
        request.body.groups,
      )
      return ok({ user: toUser(user) })
    },
  )
  app.get(
    '/v1/access/explain',
    {
      preValidation: readRoles,
      schema: {
        querystring: ExplainQuery,
        response: { 200: Success(ExplainResults), ...failures },
      },
    },
    async (request) =>
      ok({
        explanation: await access.explain(
          useCaseContext(app, request),
          request.auth!.user,
          request.query,
        ),
      }),
  )

  // ---- API tokens: one's own
  app.get(
    '/v1/tokens',
    { preValidation: signedIn, schema: { response: { 200: Success(TokensResults), ...failures } } },
    async (request) =>
      ok({ tokens: await listTokens(useCaseContext(app, request), request.auth!.user) }),
  )
  app.post(
    '/v1/tokens',
    {
      preValidation: signedIn,
      schema: {
        body: CreateTokenBody,
        response: { 200: Success(CreatedTokenResults), ...failures },
      },
    },
    async (request) =>
      ok(await createToken(useCaseContext(app, request), request.auth!.user, request.body)),
  )
  app.get(
    '/v1/tokens/:id',
    {
      preValidation: signedIn,
      schema: { params: IdParams, response: { 200: Success(TokenResults), ...failures } },
    },
    async (request) =>
      ok({
        token: await getToken(useCaseContext(app, request), request.auth!.user, request.params.id),
      }),
  )
  app.delete(
    '/v1/tokens/:id',
    {
      preValidation: signedIn,
      schema: { params: IdParams, response: { 200: Success(TokenResults), ...failures } },
    },
    async (request) =>
      ok({
        token: await revokeToken(
          useCaseContext(app, request),
          request.auth!.user,
          request.params.id,
        ),
      }),
  )
  done()
}

export default accessRoutes
