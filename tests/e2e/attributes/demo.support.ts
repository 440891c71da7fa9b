import { expect, type APIRequestContext } from '@playwright/test'
import { saveRecord } from './api'

type Row = { id: string }

/** A key linked under `parent` (null: the top level) at `sortOrder`; returns both rows. */
export async function linkedKey(
  request: APIRequestContext,
  key: Record<string, unknown>,
  parent: Row | null,
  sortOrder: number,
) {
  const saved = await saveRecord(request, 'AttributeKey', key)
  const link = await saveRecord(request, 'AttributeKeyAssociation', {
    attributeKeyId: saved.id,
    parentAssociationId: parent?.id ?? null,
    sortOrder,
  })
  return { key: saved, link }
}

/** The answers the server stores against a reference id. */
export async function storedValues(request: APIRequestContext, refId: string) {
  const answer = await request.get(`/v1/attributeValues/${encodeURIComponent(refId)}`)
  expect(answer.status(), await answer.text()).toBe(200)
  const body = (await answer.json()) as {
    results: { values: { attributeKeyAssociationId: string; value: string; deleted: boolean }[] }
  }
  return body.results.values.filter((value) => !value.deleted)
}

/**
 * A shirt: a Size question (radio S/M/L), a Gift question (boolean checkbox) and a Print branch
 * with a Print Text question, the branch included only when the size is L.
 */
export async function buildShirt(request: APIRequestContext, name = 'Shirt') {
  const root = await linkedKey(request, { name, type: 'ROOT' }, null, 0)
  const size = await linkedKey(
    request,
    {
      name: 'Size',
      prompt: 'Which size?',
      type: 'STRING',
      controlType: 'RADIO',
      config: JSON.stringify({ descreteValues: true, inputOrientation: 'Horizontal' }),
    },
    root.link,
    0,
  )
  for (const [sortOrder, value] of ['s', 'm', 'l'].entries()) {
    await saveRecord(request, 'AttributeKeyOption', {
      attributeKeyId: size.key.id,
      label: value.toUpperCase(),
      value,
      sortOrder,
    })
  }
  const gift = await linkedKey(
    request,
    {
      name: 'Gift',
      prompt: 'Wrap it as a gift?',
      type: 'BOOLEAN',
      controlType: 'CHECKBOX',
      config: JSON.stringify({ descreteValues: true }),
    },
    root.link,
    1,
  )
  for (const [sortOrder, option] of [
    { label: 'True', value: 'true' },
    { label: 'False', value: 'false' },
  ].entries())
    await saveRecord(request, 'AttributeKeyOption', {
      attributeKeyId: gift.key.id,
      ...option,
      sortOrder,
    })
  const print = await linkedKey(request, { name: 'Print', type: 'BRANCH' }, root.link, 2)
  const text = await linkedKey(
    request,
    {
      name: 'Print Text',
      prompt: 'What should it say?',
      type: 'STRING',
      controlType: 'INPUT',
      config: JSON.stringify({ rows: 2 }),
    },
    print.link,
    0,
  )
  await saveRecord(request, 'AttributeKeyCondition', {
    attributeKeyId: size.key.id,
    value: 'l',
    conditionalAssociationId: print.link.id,
  })
  return { root, size, gift, print, text }
}
