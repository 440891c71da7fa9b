import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import {
  AssociationIdParams,
  AssociationResults,
  RecordEntityNames,
  type RecordEntity,
  type RecordRow,
  type RecordWrite,
  RefIdParams,
  ReorderBody,
  ReorderResults,
  ValuesResults,
  recordBodyOf,
  recordResultsOf,
} from '../../../schema/attribute-api'
import { Success } from '../../../schema/envelope'
import { ErrorCode } from '../../../schema/errors'
import { ApiError } from '../../errors'
import { removeLink, reorderChildren } from '../../use-cases/attribute-links'
import { type RecordRows, saveRecord, valuesOf } from '../../use-cases/attribute-records'
import {
  toAssociation,
  toAttributeKey,
  toCondition,
  toOption,
  toValue,
} from '../../presenters/attributes'
import { failures } from '../context'
import { attributeContext } from './context'
import attributeImageRoutes from './images'
import attributeTreeRoutes from './tree'

const PRESENT: { [E in RecordEntity]: (row: RecordRows[E]) => RecordRow<E> } = {
  AttributeKey: toAttributeKey,
  AttributeKeyAssociation: toAssociation,
  AttributeKeyOption: toOption,
  AttributeKeyCondition: toCondition,
  AttributeValue: toValue,
}

/**
 * The Attribute Editor's calls (docs/attributes.md): record saves, reorder, Remove Link and a
 * respondent's answers here; images in ./images.ts, export and import in ./tree.ts. Changes take
 * attributes.write, reads attributes.read. The permission is checked before the body's schema, so
 * a caller without it learns nothing about what a valid body looks like.
 */
const attributeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const write = { preValidation: app.requirePermission('attributes.write') }
  const read = { preValidation: app.requirePermission('attributes.read') }

  const record = <E extends RecordEntity>(entity: E) =>
    app.post(
      `/v1/record/${entity}`,
      {
        ...write,
        schema: {
          body: recordBodyOf(entity),
          response: { 200: Success(recordResultsOf(entity)), ...failures },
        },
      },
      async (request) => {
        const { id = null, record: fields } = request.body as {
          id?: string | null
          record: RecordWrite<E>
        }
        const row = await saveRecord(
          attributeContext(app, request),
          request.auth!.user.id,
          entity,
          id,
          fields,
        )
        const results: Record<string, RecordRow<RecordEntity>> = { [entity]: PRESENT[entity](row) }
        return { success: true as const, results }
      },
    )
  for (const entity of RecordEntityNames) record(entity)

  // Static routes win over this one, so it only answers names that are not entities.
  app.post(
    '/v1/record/:entity',
    { schema: { params: Type.Object({ entity: Type.String() }), response: failures } },
    (request) => {
      const known = RecordEntityNames.join(', ')
      const message = `There is no entity '${request.params.entity}' to save; known: ${known}.`
      return Promise.reject(new ApiError(ErrorCode.notFound, message))
    },
  )

  app.post(
    '/v1/attributeKeyAssociations/reorder',
    {
      ...write,
      schema: { body: ReorderBody, response: { 200: Success(ReorderResults), ...failures } },
    },
    async (request) => {
      const rows = await reorderChildren(
        attributeContext(app, request),
        request.auth!.user.id,
        request.body,
      )
      return { success: true as const, results: { associations: rows.map(toAssociation) } }
    },
  )

  app.delete(
    '/v1/attributeKeyAssociation/:id',
    {
      ...write,
      schema: {
        params: AssociationIdParams,
        response: { 200: Success(AssociationResults), ...failures },
      },
    },
    async (request) => {
      const row = await removeLink(
        attributeContext(app, request),
        request.auth!.user.id,
        request.params.id,
      )
      return { success: true as const, results: { AttributeKeyAssociation: toAssociation(row) } }
    },
  )

  app.get(
    '/v1/attributeValues/:refId',
    {
      ...read,
      schema: { params: RefIdParams, response: { 200: Success(ValuesResults), ...failures } },
    },
    async (request) => {
      const rows = await valuesOf(attributeContext(app, request), request.params.refId)
      return { success: true as const, results: { values: rows.map(toValue) } }
    },
  )

  await app.register(attributeImageRoutes)
  await app.register(attributeTreeRoutes)
}

export default attributeRoutes
