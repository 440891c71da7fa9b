import Type from 'typebox'
import type {
  AttributeTree} from '../../../schema/attribute-api';
import {
  AssociationResults,
  IMAGE_UPLOAD_FIELDS,
  ImagePathResults,
  RecordEntities,
  type RecordEntity,
  type RecordRow,
  type RecordWrite,
  ReorderResults,
  TreeResults,
  ValuesResults,
} from '../../../schema/attribute-api'
import type { AttributeKeyAssociation, AttributeValue } from '../../../schema/attributes'
import { UrlResults } from '../../../schema/files'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

/**
 * SPEC.md §7's record save: `POST /v1/record/{entity}` with the record and its id. No id creates;
 * an id updates the fields given. Answers the stored row (`results[entity]`, so
 * `results.AttributeKey.id` for a new key). Refusals carry the server's message (400, 404, 409, 422).
 */
export async function saveRecord<E extends RecordEntity>(
  entity: E,
  record: RecordWrite<E>,
  id: string | null = null,
  { signal }: Options = {},
): Promise<RecordRow<E>> {
  const results = Type.Object({ [entity]: RecordEntities[entity].row })
  const answer = await callFor(results, () =>
    http.post(`record/${entity}`, { json: { id, record }, signal }),
  )
  return (answer as Record<string, unknown>)[entity] as RecordRow<E>
}

/** Rewrites the sortOrder of a parent's children to their index in `ids` (one transaction). */
export async function reorderChildren(
  parentAssociationId: string,
  ids: string[],
  { signal }: Options = {},
): Promise<AttributeKeyAssociation[]> {
  return (
    await callFor(ReorderResults, () =>
      http.post('attributeKeyAssociations/reorder', {
        json: { parentAssociationId, ids },
        signal,
      }),
    )
  ).associations
}

/** Remove Link: the association, everything below it and the conditions on them are deleted. */
export async function removeLink(id: string, { signal }: Options = {}) {
  return (
    await callFor(AssociationResults, () =>
      http.delete(`attributeKeyAssociation/${encodeURIComponent(id)}`, { signal }),
    )
  ).AttributeKeyAssociation
}

/**
 * SPEC.md §7 `POST /imageFileUpload`: multipart image, id, filename and an optional section.
 * Answers the stored image's path, which the caller then saves on the key or option.
 */
export async function uploadAttributeImage(
  image: Blob,
  id: string,
  filename: string,
  section?: string,
  { signal }: Options = {},
): Promise<string> {
  const body = new FormData()
  body.append(IMAGE_UPLOAD_FIELDS.id, id)
  body.append(IMAGE_UPLOAD_FIELDS.filename, filename)
  if (section) body.append(IMAGE_UPLOAD_FIELDS.section, section)
  body.append(IMAGE_UPLOAD_FIELDS.file, image, filename)
  return (await callFor(ImagePathResults, () => http.post('imageFileUpload', { body, signal }))).path
}

/** SPEC.md §7 `POST /imageFileDownload {path}`: a short-lived signed URL to show the image. */
export async function fetchAttributeImageUrl(path: string, { signal }: Options = {}) {
  return (await callFor(UrlResults, () => http.post('imageFileDownload', { json: { path }, signal })))
    .url
}

/** A root's whole tree as the portable JSON document (docs/server-attributes.md). */
export async function exportTree(associationId: string, { signal }: Options = {}): Promise<AttributeTree> {
  return (
    await callFor(TreeResults, () =>
      http.get(`attributeTree/${encodeURIComponent(associationId)}`, { signal }),
    )
  ).tree
}

/** Imports an exported tree with new ids; answers the new top-level association. */
export async function importTree(tree: AttributeTree, { signal }: Options = {}) {
  return (
    await callFor(AssociationResults, () => http.post('attributeTree', { json: { tree }, signal }))
  ).AttributeKeyAssociation
}

/** The answers stored against one reference id (the whole-tree demo's respondent). */
export async function fetchValues(refId: string, { signal }: Options = {}): Promise<AttributeValue[]> {
  return (
    await callFor(ValuesResults, () =>
      http.get(`attributeValues/${encodeURIComponent(refId)}`, { signal }),
    )
  ).values
}

/**
 * The attribute calls as one object. The machines build their effects on it, and a test builds the
 * same effects on a stub of it (`machine.provide({ actors: …Actors(stub) })`), so that what the
 * cache does with the answers stays the real code.
 */
export const attributeServer = {
  saveRecord,
  reorderChildren,
  removeLink,
  uploadAttributeImage,
  exportTree,
  importTree,
  fetchValues,
}
export type AttributeServer = typeof attributeServer
