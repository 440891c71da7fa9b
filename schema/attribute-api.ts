import Type, { type Static } from 'typebox'
import {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
  AttributeTypes,
  AttributeValue,
  ControlTypes,
} from './attributes'
import { Id, LiteralUnion } from './common'

/**
 * The attribute calls (docs/server-attributes.md). SPEC.md §7 names the record save and the two
 * image calls; the rest are Gatehouse's own, for what must happen in one transaction.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()])

/** Fields a record may carry that the server sets itself; accepted and ignored. */
const ServerSet = {
  id: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
}

export const AttributeKeyWrite = Type.Object(
  {
    ...ServerSet,
    deleted: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String()),
    prompt: Type.Optional(Nullable(Type.String())),
    type: Type.Optional(LiteralUnion(AttributeTypes)),
    controlType: Type.Optional(Nullable(LiteralUnion(ControlTypes))),
    config: Type.Optional(Type.String()),
    imagePath: Type.Optional(Nullable(Type.String())),
    skuId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    erpId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    attributeKeyAssociationId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
)

export const AttributeKeyAssociationWrite = Type.Object(
  {
    ...ServerSet,
    deleted: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    attributeKeyId: Type.Optional(Id),
    parentAssociationId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
)

export const AttributeKeyOptionWrite = Type.Object(
  {
    ...ServerSet,
    deleted: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    attributeKeyId: Type.Optional(Id),
    imagePath: Type.Optional(Nullable(Type.String())),
    label: Type.Optional(Type.String()),
    value: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export const AttributeKeyConditionWrite = Type.Object(
  {
    ...ServerSet,
    deleted: Type.Optional(Type.Boolean()),
    attributeKeyId: Type.Optional(Id),
    value: Type.Optional(Type.String()),
    conditionalAssociationId: Type.Optional(Id),
  },
  { additionalProperties: false },
)

export const AttributeValueWrite = Type.Object(
  {
    ...ServerSet,
    deleted: Type.Optional(Type.Boolean()),
    refId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    attributeKeyId: Type.Optional(Id),
    attributeKeyAssociationId: Type.Optional(Nullable(Id)),
    value: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

/** The entities `POST /v1/record/:entity` saves, with what each accepts and answers. */
export const RecordEntities = {
  AttributeKey: { write: AttributeKeyWrite, row: AttributeKey },
  AttributeKeyAssociation: { write: AttributeKeyAssociationWrite, row: AttributeKeyAssociation },
  AttributeKeyOption: { write: AttributeKeyOptionWrite, row: AttributeKeyOption },
  AttributeKeyCondition: { write: AttributeKeyConditionWrite, row: AttributeKeyCondition },
  AttributeValue: { write: AttributeValueWrite, row: AttributeValue },
} as const
export type RecordEntity = keyof typeof RecordEntities
export const RecordEntityNames = Object.keys(RecordEntities) as RecordEntity[]

export type RecordWrite<E extends RecordEntity> = Static<(typeof RecordEntities)[E]['write']>
export type RecordRow<E extends RecordEntity> = Static<(typeof RecordEntities)[E]['row']>

export const RecordParams = Type.Object({
  entity: LiteralUnion(RecordEntityNames as unknown as readonly RecordEntity[]),
})

/**
 * `POST /v1/record/:entity` `{id, record}`: no id (or null) creates, an id updates the fields the
 * record carries. The answer is `results[entity]`, the whole stored row.
 */
export const RecordBody = Type.Object(
  { id: Type.Optional(Nullable(Id)), record: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: false },
)
export type RecordBody = Static<typeof RecordBody>

/** The body of `POST /v1/record/{entity}` with the record's own schema (what the server checks). */
export const recordBodyOf = <E extends RecordEntity>(entity: E) =>
  Type.Object(
    { id: Type.Optional(Nullable(Id)), record: RecordEntities[entity].write },
    { additionalProperties: false },
  )

/** `results[entity]`: the stored row. */
export const recordResultsOf = <E extends RecordEntity>(entity: E) =>
  Type.Object({ [entity]: RecordEntities[entity].row })

/** `DELETE /v1/attributeKeyAssociation/:id`, `GET /v1/attributeTree/:id`. */
export const AssociationIdParams = Type.Object({ id: Id })

/** `POST /v1/attributeKeyAssociations/reorder`: the parent's live children in their new order. */
export const ReorderBody = Type.Object(
  {
    parentAssociationId: Id,
    ids: Type.Array(Id, { minItems: 1, maxItems: 10_000, uniqueItems: true }),
  },
  { additionalProperties: false },
)
export type ReorderBody = Static<typeof ReorderBody>
export const ReorderResults = Type.Object({ associations: Type.Array(AttributeKeyAssociation) })

/** `DELETE /v1/attributeKeyAssociation/:id` (Remove Link) answers the removed association. */
export const AssociationResults = Type.Object({ AttributeKeyAssociation })
export type AssociationResults = Static<typeof AssociationResults>

/** Multipart fields of `POST /v1/imageFileUpload` (SPEC.md §7): image, id, filename, section. */
export const IMAGE_UPLOAD_FIELDS = {
  file: 'image',
  id: 'id',
  filename: 'filename',
  section: 'section',
} as const
export const ImagePathResults = Type.Object({ path: Type.String() })
export type ImagePathResults = Static<typeof ImagePathResults>

/** A stored attribute image: `attributes/<name>` as `imageFileUpload` answers it. */
export const ImagePath = Type.String({ pattern: '^attributes/[A-Za-z0-9][A-Za-z0-9_-]{0,127}$' })
/** `POST /v1/imageFileDownload` `{path}` answers `results.url`, a short-lived signed link. */
export const ImageDownloadBody = Type.Object({ path: ImagePath }, { additionalProperties: false })

/** A key as a tree export carries it: no ids, options inline. */
export const ExportedKey = Type.Object(
  {
    ref: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String(),
    prompt: Nullable(Type.String()),
    type: LiteralUnion(AttributeTypes),
    controlType: Nullable(LiteralUnion(ControlTypes)),
    config: Type.String(),
    imagePath: Nullable(Type.String()),
    skuId: Nullable(Type.String()),
    erpId: Nullable(Type.String()),
    options: Type.Array(
      Type.Object(
        {
          label: Type.String(),
          value: Type.String(),
          imagePath: Nullable(Type.String()),
          sortOrder: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
)
export type ExportedKey = Static<typeof ExportedKey>

/**
 * A node: its key by ref, its children in order, and the conditions that include it, each naming
 * the earlier sibling (by index among the parent's children) whose answer decides.
 */
export type ExportedNode = {
  keyRef: string
  includeWhen: { sibling: number; value: string }[]
  children: ExportedNode[]
}
export const ExportedNode = Type.Cyclic(
  {
    Node: Type.Object(
      {
        keyRef: Type.String({ minLength: 1, maxLength: 64 }),
        includeWhen: Type.Array(
          Type.Object(
            { sibling: Type.Integer({ minimum: 0 }), value: Type.String() },
            { additionalProperties: false },
          ),
        ),
        children: Type.Array(Type.Ref('Node')),
      },
      { additionalProperties: false },
    ),
  },
  'Node',
)

export const TREE_FORMAT = 'gatehouse.attribute-tree'
/**
 * Most keys and items one import may hold. How deep it may go is the limit of every tree,
 * ATTRIBUTE_LIMITS.depth.
 */
export const TREE_LIMITS = { keys: 5000, nodes: 5000 } as const

/** `GET /v1/attributeTree/:id` answers `results.tree`; `POST /v1/attributeTree {tree}` imports it. */
export const AttributeTree = Type.Object(
  {
    format: Type.Literal(TREE_FORMAT),
    version: Type.Literal(1),
    keys: Type.Array(ExportedKey, { maxItems: TREE_LIMITS.keys }),
    root: ExportedNode,
  },
  { additionalProperties: false },
)
export type AttributeTree = {
  format: typeof TREE_FORMAT
  version: 1
  keys: ExportedKey[]
  root: ExportedNode
}
export const TreeResults = Type.Object({ tree: AttributeTree })
export const ImportBody = Type.Object({ tree: AttributeTree }, { additionalProperties: false })

/** `GET /v1/attributeValues/:refId`: a respondent's stored answers. */
export const RefIdParams = Type.Object({ refId: Type.String({ minLength: 1, maxLength: 200 }) })
export const ValuesResults = Type.Object({ values: Type.Array(AttributeValue) })
export type ValuesResults = Static<typeof ValuesResults>

export { AttributeKeyCondition }
