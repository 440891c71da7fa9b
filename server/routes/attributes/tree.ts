import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import {
  AssociationIdParams,
  AssociationResults,
  ImportBody,
  TreeResults,
} from '../../../schema/attribute-api'
import { ATTRIBUTE_LIMITS } from '../../../schema/attribute-rules'
import { Success } from '../../../schema/envelope'
import { exportTree, importTree } from '../../use-cases/attribute-transfer'
import { toAssociation } from '../../presenters/attributes'
import { failures } from '../context'
import { attributeContext } from './context'

/** A top-level item's tree as a portable document (attributes.read), and its import (attributes.write). */
const attributeTreeRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/attributeTree/:id',
    {
      preValidation: app.requirePermission('attributes.read'),
      schema: { params: AssociationIdParams, response: { 200: Success(TreeResults), ...failures } },
    },
    async (request) => ({
      success: true as const,
      results: { tree: await exportTree(attributeContext(app, request), request.params.id) },
    }),
  )

  app.post(
    '/v1/attributeTree',
    {
      preValidation: app.requirePermission('attributes.write'),
      // An export of TREE_LIMITS' size (schema/attribute-api.ts) is far past the app's 64 KB JSON limit.
      bodyLimit: 8 * 1024 * 1024,
      // Two JSON levels per tree level, five around the root ({tree: {root: {includeWhen: [{…}]}}}).
      config: {
        jsonDepth: {
          max: 2 * ATTRIBUTE_LIMITS.depth + 5,
          message: `Tree: at most ${ATTRIBUTE_LIMITS.depth} levels can be imported.`,
        },
      },
      schema: { body: ImportBody, response: { 200: Success(AssociationResults), ...failures } },
    },
    async (request) => {
      const row = await importTree(
        attributeContext(app, request),
        request.auth!.user.id,
        request.body.tree,
      )
      return { success: true as const, results: { AttributeKeyAssociation: toAssociation(row) } }
    },
  )
  done()
}

export default attributeTreeRoutes
