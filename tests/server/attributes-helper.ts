import { expect } from 'vitest'
import type { RecordEntity } from '../../schema/attribute-api'
import type {
  AttributeKey,
  AttributeKeyAssociation,
  AttributeKeyCondition,
  AttributeKeyOption,
  AttributeValue,
} from '../../schema/attributes'
import type { Permission } from '../../schema/permissions'
import { createUser } from './fixtures'
import { call, signIn, type TestApp } from './helper'

export type Response = Awaited<ReturnType<typeof call>>

export interface Rows {
  AttributeKey: AttributeKey
  AttributeKeyAssociation: AttributeKeyAssociation
  AttributeKeyOption: AttributeKeyOption
  AttributeKeyCondition: AttributeKeyCondition
  AttributeValue: AttributeValue
}

export const NOBODY = '01900000-0000-7000-8000-00000000abcd'

export async function cookieWith(t: TestApp, permissions: Permission[]) {
  const user = await createUser(t, { permissions })
  return signIn(t, user.email, user.password)
}

/** The calls of docs/attributes.md for one test file, as one signed-in writer unless told. */
export function attributeCalls(t: TestApp, cookies: { writer: string }) {
  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    cookie: string | undefined = cookies.writer,
  ) => call(t, method, url, body, cookie ? { cookie } : {})

  const post = <E extends RecordEntity>(
    entity: E,
    record: Record<string, unknown>,
    id: string | null = null,
    cookie?: string,
  ) => send('POST', `/v1/record/${entity}`, { id, record }, cookie)

  /** Saves and expects 200, answering results[entity]. */
  async function save<E extends RecordEntity>(
    entity: E,
    record: Record<string, unknown>,
    id: string | null = null,
  ): Promise<Rows[E]> {
    const response = await post(entity, record, id)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<{ success: true; results: Record<string, Rows[E]> }>()
    expect(answer.success).toBe(true)
    return answer.results[entity]!
  }

  const key = (fields: Record<string, unknown>) => save('AttributeKey', fields)

  /** A key linked under `parent` (null: top level). */
  async function linked(fields: Record<string, unknown>, parent: string | null, sortOrder = 0) {
    const k = await key(fields)
    const link = await save('AttributeKeyAssociation', {
      attributeKeyId: k.id,
      parentAssociationId: parent,
      sortOrder,
    })
    return { key: k, link }
  }

  const root = (name = 'Catalog') => linked({ name, type: 'ROOT' }, null)
  const branch = (parent: string, name = 'Branch', sortOrder = 0) =>
    linked({ name, type: 'BRANCH' }, parent, sortOrder)
  /** A STRING leaf with discrete options red, green, blue. */
  async function colorLeaf(parent: string, sortOrder = 0, name = 'Color') {
    const leaf = await linked(
      { name, type: 'STRING', controlType: 'RADIO', config: '{"descreteValues":true}' },
      parent,
      sortOrder,
    )
    for (const [i, value] of ['red', 'green', 'blue'].entries())
      await save('AttributeKeyOption', {
        attributeKeyId: leaf.key.id,
        label: value,
        value,
        sortOrder: i,
      })
    return leaf
  }
  const textLeaf = (parent: string, sortOrder = 0, name = 'Notes') =>
    linked({ name, type: 'STRING', controlType: 'INPUT', config: '{"rows":3}' }, parent, sortOrder)

  return { send, post, save, key, linked, root, branch, colorLeaf, textLeaf }
}

export function expectFailure(response: Response, status: number, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<{ success: false; error: { code: number; message: string } }>()
  expect(body.success).toBe(false)
  if (message instanceof RegExp) expect(body.error.message).toMatch(message)
  else if (message !== undefined) expect(body.error.message).toBe(message)
  return body.error
}
