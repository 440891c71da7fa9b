import { SCIM_SCHEMAS } from '../../../schema/scim'

/*
 * The Schemas documents (RFC 7643 §7) of what Gatehouse keeps: the core User and Group
 * attributes it maps (docs/scim.md, "Mapping") and its own extension. Attributes a client may send
 * that Gatehouse does not keep are not listed.
 */

interface Attribute {
  name: string
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime'
  multiValued: boolean
  description: string
  required: boolean
  caseExact: boolean
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly'
  returned: 'always' | 'default' | 'never' | 'request'
  uniqueness: 'none' | 'server' | 'global'
  subAttributes?: Attribute[]
  canonicalValues?: string[]
  referenceTypes?: string[]
}

const attr = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
})

const userAttributes: Attribute[] = [
  attr('userName', 'The email address the user signs in with; stored lowercased.', {
    required: true,
    uniqueness: 'server',
  }),
  attr('externalId', "The provisioning client's id for the user.", {
    caseExact: true,
    uniqueness: 'server',
  }),
  attr('name', 'The name; given and family names are both required by Gatehouse.', {
    type: 'complex',
    required: true,
    subAttributes: [
      attr('givenName', 'First name.', { required: true }),
      attr('familyName', 'Last name.', { required: true }),
      attr('formatted', 'Given and family name; read-only.', { mutability: 'readOnly' }),
    ],
  }),
  attr('displayName', 'Given and family name; read-only.', { mutability: 'readOnly' }),
  attr('emails', 'The userName again, as the one work address.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'The address.'),
      attr('type', 'Always work.', { canonicalValues: ['work'] }),
      attr('primary', 'Always true.', { type: 'boolean' }),
    ],
  }),
  attr('phoneNumbers', 'One mobile number of ten digits (sign-in codes go there).', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'Ten digits; punctuation and a leading +1, 1, 0 or +91 are dropped.'),
      attr('type', 'mobile (a work number is kept when no mobile one is sent).', {
        canonicalValues: ['mobile', 'work'],
      }),
    ],
  }),
  attr('active', 'False disables the account (its sessions end); true enables it.', {
    type: 'boolean',
  }),
  attr('userType', 'INTERNAL (the provider’s staff) or EXTERNAL.', {
    canonicalValues: ['INTERNAL', 'EXTERNAL'],
  }),
]

const groupAttributes: Attribute[] = [
  attr('displayName', 'The group’s name, unique case-insensitively.', {
    required: true,
    uniqueness: 'server',
  }),
  attr('externalId', "The provisioning client's id for the group.", {
    caseExact: true,
    uniqueness: 'server',
  }),
  attr('members', 'The users in the group.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'The user’s id.', { caseExact: true, mutability: 'immutable' }),
      attr('display', 'The user’s name.', { mutability: 'readOnly' }),
      attr('$ref', 'The user’s location.', {
        type: 'reference',
        referenceTypes: ['User'],
        mutability: 'immutable',
      }),
    ],
  }),
]

const extensionAttributes: Attribute[] = [
  attr('userType', 'INTERNAL or EXTERNAL; INTERNAL by default for an INTERNAL token’s creator.', {
    canonicalValues: ['INTERNAL', 'EXTERNAL'],
  }),
  attr('sendInvitation', 'On creation: mail the user a link to choose a password.', {
    type: 'boolean',
    mutability: 'writeOnly',
    returned: 'never',
  }),
]

/** The Schemas resources, each with its meta (location under `base`). */
export function schemaDocuments(base: string) {
  const doc = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [SCIM_SCHEMAS.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  })
  return [
    doc(SCIM_SCHEMAS.user, 'User', 'A Gatehouse user.', userAttributes),
    doc(SCIM_SCHEMAS.group, 'Group', 'A Gatehouse group (the access model).', groupAttributes),
    doc(
      SCIM_SCHEMAS.gatehouseUser,
      'GatehouseUser',
      'Gatehouse’s own user attributes.',
      extensionAttributes,
    ),
  ]
}
