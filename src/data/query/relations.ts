/**
 * A relation from a row to rows of another table: `one` follows `localKey` to the other table's
 * `foreignKey` (a session's userId to a user's id); `many` collects the rows whose `foreignKey`
 * holds this row's `localKey` (an association's children by parentAssociationId).
 */
export type Relation = {
  table: string
  kind: 'one' | 'many'
  localKey: string
  foreignKey: string
}

const one = (table: string, localKey: string): Relation => ({
  table,
  kind: 'one',
  localKey,
  foreignKey: 'id',
})
const many = (table: string, foreignKey: string): Relation => ({
  table,
  kind: 'many',
  localKey: 'id',
  foreignKey,
})

/** What `include` may name, per table. Relations stay inside one database. */
export const RELATIONS: Record<string, Record<string, Relation>> = {
  sessions: { user: one('users', 'userId') },
  users: {
    sessions: many('sessions', 'userId'),
    serviceAssignments: many('serviceAssignments', 'userId'),
  },
  serviceAssignments: { user: one('users', 'userId') },
  attributeKeys: {
    options: many('attributeKeyOptions', 'attributeKeyId'),
    associations: many('attributeKeyAssociations', 'attributeKeyId'),
    conditions: many('attributeKeyConditions', 'attributeKeyId'),
  },
  attributeKeyAssociations: {
    attributeKey: one('attributeKeys', 'attributeKeyId'),
    parent: one('attributeKeyAssociations', 'parentAssociationId'),
    children: many('attributeKeyAssociations', 'parentAssociationId'),
    conditions: many('attributeKeyConditions', 'conditionalAssociationId'),
  },
  attributeKeyOptions: { attributeKey: one('attributeKeys', 'attributeKeyId') },
  attributeKeyConditions: {
    attributeKey: one('attributeKeys', 'attributeKeyId'),
    conditionalAssociation: one('attributeKeyAssociations', 'conditionalAssociationId'),
  },
}
