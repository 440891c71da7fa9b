import type { UserType } from './permissions'

/*
 * SCIM 2.0 (RFC 7643, RFC 7644) as Gatehouse speaks it at /scim/v2 (docs/scim.md): the schema
 * URNs, the limits the ServiceProviderConfig announces, and the resources' shapes.
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  gatehouseUser: 'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  searchRequest: 'urn:ietf:params:scim:api:messages:2.0:SearchRequest',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  bulkRequest: 'urn:ietf:params:scim:api:messages:2.0:BulkRequest',
  bulkResponse: 'urn:ietf:params:scim:api:messages:2.0:BulkResponse',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const

export const SCIM_LIMITS = {
  /** Operations in one Bulk request; more is 413 tooMany. */
  bulkOperations: 1000,
  /** Bytes of one Bulk request body. */
  bulkPayload: 2 * 1024 * 1024,
  /** Bytes of any other SCIM body (a group with 10,000 members fits). */
  payload: 1024 * 1024,
  /** Resources in one list page; `count` above it is lowered to it. */
  maxResults: 200,
  defaultCount: 100,
} as const

/** The media type SCIM answers with (RFC 7644 §3.1); application/json is accepted too. */
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8'

export interface ScimMeta<T extends 'User' | 'Group'> {
  resourceType: T
  created: string
  lastModified: string
  location: string
  version: string
}

/** A Gatehouse user as SCIM shows it (docs/scim.md has the mapping). */
export interface ScimUserResource {
  schemas: string[]
  id: string
  externalId?: string
  userName: string
  name: { givenName: string; familyName: string; formatted?: string }
  displayName?: string
  emails: { value: string; type: 'work'; primary: true }[]
  phoneNumbers?: { value: string; type: 'mobile' }[]
  active: boolean
  userType?: UserType
  /** The Gatehouse extension (SCIM_SCHEMAS.gatehouseUser). */
  'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:User'?: {
    userType?: UserType
    sendInvitation?: boolean
  }
  meta: ScimMeta<'User'>
}

export interface ScimMember {
  value: string
  display?: string
  $ref?: string
}

export interface ScimGroupResource {
  schemas: string[]
  id: string
  externalId?: string
  displayName: string
  members?: ScimMember[]
  meta: ScimMeta<'Group'>
}

export interface ScimListResponse<T> {
  schemas: string[]
  totalResults: number
  startIndex: number
  itemsPerPage: number
  Resources: T[]
}
