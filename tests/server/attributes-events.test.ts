import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attributeCalls, cookieWith } from './attributes-helper'
import { collectionsIn, openEvents, type EventClient } from './events-helper'
import { useTestApp } from './helper'

const t = useTestApp()
const cookies = { writer: '' }
const { root, colorLeaf } = attributeCalls(t, cookies)
let base: string
let client: EventClient | undefined

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  cookies.writer = await cookieWith(t, ['attributes.read', 'attributes.write'])
})
afterAll(() => client?.close())

describe('GET /v1/events after attribute changes', () => {
  it('names the attribute collections a save changed', async () => {
    client = await openEvents(`${base}/v1/events`, cookies.writer)
    expect(client.status).toBe(200)
    await client.next((block) => block.startsWith(': connected'))
    const top = await root('Heard')
    await colorLeaf(top.link.id)
    const wanted = ['attributeKeys', 'attributeKeyAssociations', 'attributeKeyOptions']
    const seen = new Set<string>()
    // Every block the client looks at counts, whichever order the notices come in.
    await client.next((block) => {
      for (const name of collectionsIn(block)) seen.add(name)
      return wanted.every((name) => seen.has(name))
    })
    expect([...seen]).toEqual(expect.arrayContaining(wanted))
  })
})
