import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode } from '../../schema/errors'
import type { Permission } from '../../schema/permissions'
import { ApiError } from '../errors'

/**
 * preValidation for screens of INTERNAL staff only (SPEC.md §1, §6: Queue, Dashboard): 401 unless
 * signed in, 403 without the permission, and 403 for an EXTERNAL user even with it.
 */
export const internalStaff =
  (app: Pick<FastifyInstance, 'requirePermission'>, permission: Permission) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requirePermission(permission)(request, reply)
    if (request.auth?.user.type !== 'INTERNAL') throw new ApiError(ErrorCode.forbidden)
  }
