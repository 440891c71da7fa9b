import Type from 'typebox'
import { SCIM_LIMITS, SCIM_SCHEMAS } from '../../../schema/scim'
import type { App } from '../../app-types'
import { ScimError } from '../../domain/scim-errors'
import { toListResponse } from '../../presenters/scim'
import { scimBase } from '../../use-cases/scim-users'
import { SCIM_DOC } from './reply'
import { schemaDocuments } from './schemas'

const doc = SCIM_DOC

/** Discovery (RFC 7644 §4): what this service provider supports. Any valid token may read it. */
export default function discoveryRoutes(app: App) {
  const base = scimBase(app)
  const schemas = schemaDocuments(base)
  const resourceTypes = [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'Gatehouse users (userName is the email address).',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.gatehouseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Gatehouse groups (the access model).',
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ]
  const config = {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${app.config.publicUrl.replace(/\/$/, '')}/docs`,
    patch: { supported: true },
    bulk: {
      supported: true,
      maxOperations: SCIM_LIMITS.bulkOperations,
      maxPayloadSize: SCIM_LIMITS.bulkPayload,
    },
    filter: { supported: true, maxResults: SCIM_LIMITS.maxResults },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API token',
        description:
          'An API token made on the API tokens page, sent as "Authorization: Bearer gh_…"; it needs users.write over all users.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  }

  app.get(
    '/ServiceProviderConfig',
    { schema: { ...doc, summary: 'What SCIM supports here' } },
    () => config,
  )

  app.get('/ResourceTypes', { schema: { ...doc, summary: 'User and Group' } }, () =>
    toListResponse(resourceTypes, resourceTypes.length, 1),
  )
  app.get(
    '/ResourceTypes/:name',
    {
      schema: {
        ...doc,
        summary: 'One resource type',
        params: Type.Object({ name: Type.String() }),
      },
    },
    (request) => {
      const found = resourceTypes.find((type) => type.id === request.params.name)
      if (!found) throw new ScimError(404, `There is no resource type ${request.params.name}.`)
      return found
    },
  )

  app.get(
    '/Schemas',
    { schema: { ...doc, summary: 'The schemas of User, Group and the extension' } },
    () => toListResponse(schemas, schemas.length, 1),
  )
  app.get(
    '/Schemas/:id',
    { schema: { ...doc, summary: 'One schema', params: Type.Object({ id: Type.String() }) } },
    (request) => {
      const found = schemas.find((schema) => schema.id === request.params.id)
      if (!found) throw new ScimError(404, `There is no schema ${request.params.id}.`)
      return found
    },
  )
}
