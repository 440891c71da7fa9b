import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  type AssociationRow,
  type ConditionRow,
  type KeyRow,
  type OptionRow,
  type ValueRow,
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeyOptions,
  attributeKeys,
  attributeValues,
} from '../db/schema/attributes'
import type { Db } from '../db/types'

export type {
  AssociationRow,
  ConditionRow,
  KeyRow,
  OptionRow,
  ValueRow,
} from '../db/schema/attributes'

/** The attribute tables by the entity name of `POST /v1/record/:entity`. */
export const attributeTables = {
  AttributeKey: attributeKeys,
  AttributeKeyAssociation: attributeKeyAssociations,
  AttributeKeyOption: attributeKeyOptions,
  AttributeKeyCondition: attributeKeyConditions,
  AttributeValue: attributeValues,
} as const
export type AttributeTable = keyof typeof attributeTables

/** Rows per INSERT of an import: well under PostgreSQL's 65,535 parameters for every table. */
const CHUNK = 500

/** Inserts many rows in a few statements (an import can bring thousands). */
export async function insertMany<T extends AttributeTable>(
  db: Db,
  entity: T,
  rows: (typeof attributeTables)[T]['$inferInsert'][],
) {
  const table = attributeTables[entity]
  for (let start = 0; start < rows.length; start += CHUNK) {
    // The table and its rows are chosen by the same key; TypeScript cannot see through the union.
    await db.insert(table).values(rows.slice(start, start + CHUNK) as never)
  }
}

/**
 * One row of a table, locked until the transaction ends (`lock`), so that two changes to one item
 * (or two reorders of one parent) run one after the other.
 */
async function one<Row>(
  db: Db,
  entity: AttributeTable,
  id: string,
  lock: boolean,
): Promise<Row | undefined> {
  const table = attributeTables[entity]
  const query = db.select().from(table).where(eq(table.id, id))
  const [row] = await (lock ? query.for('update') : query.limit(1))
  return row as Row | undefined
}

export const findKey = (db: Db, id: string, lock = false) =>
  one<KeyRow>(db, 'AttributeKey', id, lock)
export const findAssociation = (db: Db, id: string, lock = false) =>
  one<AssociationRow>(db, 'AttributeKeyAssociation', id, lock)
export const findOption = (db: Db, id: string, lock = false) =>
  one<OptionRow>(db, 'AttributeKeyOption', id, lock)
export const findCondition = (db: Db, id: string, lock = false) =>
  one<ConditionRow>(db, 'AttributeKeyCondition', id, lock)
export const findValue = (db: Db, id: string, lock = false) =>
  one<ValueRow>(db, 'AttributeValue', id, lock)

/** Inserts a row and answers it as stored. */
export async function insertRow<T extends AttributeTable>(
  db: Db,
  entity: T,
  values: (typeof attributeTables)[T]['$inferInsert'],
): Promise<(typeof attributeTables)[T]['$inferSelect']> {
  const table = attributeTables[entity]
  const [row] = (await db
    .insert(table)
    .values(values as never)
    .returning()) as unknown[]
  if (!row) throw new Error(`${entity} not inserted`)
  return row as (typeof attributeTables)[T]['$inferSelect']
}

/** Updates a row and answers it as it now is. */
export async function updateRow<T extends AttributeTable>(
  db: Db,
  entity: T,
  id: string,
  change: Partial<(typeof attributeTables)[T]['$inferInsert']>,
): Promise<(typeof attributeTables)[T]['$inferSelect']> {
  const table = attributeTables[entity]
  const [row] = (await db
    .update(table)
    .set(change as never)
    .where(eq(table.id, id))
    .returning()) as unknown[]
  if (!row) throw new Error(`${entity} ${id} not updated`)
  return row as (typeof attributeTables)[T]['$inferSelect']
}

/** Every association, live or not, under one parent (null: the top level). */
export function associationsUnder(db: Db, parentId: string): Promise<AssociationRow[]> {
  return db
    .select()
    .from(attributeKeyAssociations)
    .where(eq(attributeKeyAssociations.parentAssociationId, parentId))
}

/**
 * How many levels the association `id` sits below its top-level item (0 for a top-level item, or
 * for no such row). One query however deep; the walk stops past `limit`, so a cycle (which the
 * rules forbid) could not make it endless.
 */
export async function levelOf(db: Db, id: string, limit: number): Promise<number> {
  const links = attributeKeyAssociations
  const result = await db.execute<{ level: number }>(sql`
    with recursive up(parent, level) as (
      select ${links.parentAssociationId}, 0 from ${links} where ${links.id} = ${id}
      union all
      select link.parent_association_id, up.level + 1
      from ${links} link join up on link.id = up.parent
      where up.level <= ${limit}
    )
    select coalesce(max(level), 0)::int as level from up`)
  // Both drivers answer a result with rows; the shared Db type does not say so.
  return (result as { rows: { level: number }[] }).rows[0]?.level ?? 0
}

/** Live associations of one key. */
export function liveAssociationsOfKey(db: Db, keyId: string): Promise<AssociationRow[]> {
  return db
    .select()
    .from(attributeKeyAssociations)
    .where(
      and(
        eq(attributeKeyAssociations.attributeKeyId, keyId),
        eq(attributeKeyAssociations.deleted, false),
      ),
    )
}

/** Live options of keys, by sortOrder then creation. */
export function liveOptionsOf(db: Db, keyIds: string[]): Promise<OptionRow[]> {
  if (keyIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(attributeKeyOptions)
    .where(
      and(
        inArray(attributeKeyOptions.attributeKeyId, keyIds),
        eq(attributeKeyOptions.deleted, false),
      ),
    )
    .orderBy(
      asc(attributeKeyOptions.sortOrder),
      asc(attributeKeyOptions.createdAt),
      asc(attributeKeyOptions.id),
    )
}

export function keysByIds(db: Db, ids: string[]): Promise<KeyRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.select().from(attributeKeys).where(inArray(attributeKeys.id, ids))
}

/** Live conditions that include one of `targetIds`. */
export function liveConditionsOn(db: Db, targetIds: string[]): Promise<ConditionRow[]> {
  if (targetIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(attributeKeyConditions)
    .where(
      and(
        inArray(attributeKeyConditions.conditionalAssociationId, targetIds),
        eq(attributeKeyConditions.deleted, false),
      ),
    )
}

/** Live conditions decided by one of `keyIds`. */
export function liveConditionsBy(db: Db, keyIds: string[]): Promise<ConditionRow[]> {
  if (keyIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(attributeKeyConditions)
    .where(
      and(
        inArray(attributeKeyConditions.attributeKeyId, keyIds),
        eq(attributeKeyConditions.deleted, false),
      ),
    )
}

/**
 * The live associations below `rootId` (not itself), parents before children. Walks one level per
 * query, so it costs the depth of the tree.
 */
export async function liveSubtree(db: Db, rootId: string): Promise<AssociationRow[]> {
  const found: AssociationRow[] = []
  const seen = new Set([rootId])
  let level = [rootId]
  while (level.length > 0) {
    const rows = await db
      .select()
      .from(attributeKeyAssociations)
      .where(
        and(
          inArray(attributeKeyAssociations.parentAssociationId, level),
          eq(attributeKeyAssociations.deleted, false),
        ),
      )
    const next = rows.filter((row) => !seen.has(row.id))
    for (const row of next) seen.add(row.id)
    found.push(...next)
    level = next.map((row) => row.id)
  }
  return found
}

/** Soft-deletes rows of a table by id. */
export async function markDeleted(db: Db, entity: AttributeTable, ids: string[]) {
  const table = attributeTables[entity]
  for (let start = 0; start < ids.length; start += CHUNK) {
    await db
      .update(table)
      .set({ deleted: true })
      .where(inArray(table.id, ids.slice(start, start + CHUNK)))
  }
}

/** A respondent's live answers, oldest first. */
export function liveValuesOf(db: Db, refId: string): Promise<ValueRow[]> {
  return db
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.refId, refId), eq(attributeValues.deleted, false)))
    .orderBy(asc(attributeValues.createdAt), asc(attributeValues.id))
}
