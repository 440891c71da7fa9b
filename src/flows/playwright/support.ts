/**
 * `gatehouse.ts`, written beside the generated specs: the Gatehouse the specs run against (from the
 * environment), signing in through the API, and what the specs make through the API before the
 * screen opens. Kept as text because it runs in Playwright, not in the console; the unit test
 * and docs/flows-playwright.md say how it is checked (tsc on a copy).
 */
export const SUPPORT_FILE = 'gatehouse.ts'

export const supportText = `// Written by \`npm run paths -- … --format playwright\` (docs/flows-playwright.md). Do not edit.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

/** The Gatehouse the specs drive and the account they run as. */
export type Gatehouse = { url: string; username: string; password: string }

function setting(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(\`Set \${name}: GATEHOUSE_URL=<url> GATEHOUSE_USERNAME=<email> GATEHOUSE_PASSWORD=<password> npx playwright test <dir>\`)
  return value
}

export const test = base.extend<{ gatehouse: Gatehouse }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  gatehouse: async ({}, use) =>
    use({
      url: setting('GATEHOUSE_URL'),
      username: setting('GATEHOUSE_USERNAME'),
      password: setting('GATEHOUSE_PASSWORD'),
    }),
  baseURL: async ({ gatehouse }, use) => use(gatehouse.url),
})

let made = 0

/**
 * The sample made unique for this run: 'Ada@Example.com' becomes 'Ada.m3k9x2a1@Example.com'. No
 * account has it, so wrong passwords count against no one's lockout, and reset requests against
 * no address's limit.
 */
export function unique(sample: string): string {
  const tag = \`\${Date.now().toString(36)}\${(made++).toString(36)}\${Math.random().toString(36).slice(2, 6)}\`
  const at = sample.indexOf('@')
  return at < 0 ? \`\${sample}-\${tag}\` : \`\${sample.slice(0, at)}.\${tag}\${sample.slice(at)}\`
}

type Envelope<T> = { success: boolean; results?: T; error?: { code: number; message: string } }

async function answer<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) {
  const body = (await response.json()) as Envelope<T>
  expect(response.ok(), \`\${what}: \${body.error?.message ?? response.status()}\`).toBe(true)
  return body.results as T
}

/** Signs the page's browser in through the API (POST /v1/login), as the account given. */
export async function signIn(page: Page, gatehouse: Gatehouse): Promise<void> {
  const results = await answer<{ user: { id: string }; mfaId?: string }>(
    'Signing in',
    await page.request.post('/v1/login', {
      data: { username: gatehouse.username, password: gatehouse.password },
    }),
  )
  expect(results.mfaId, 'The account must sign in without a second factor').toBeUndefined()
}

export type MadeService = { id: string; key: string; name: string }

/** A service made through the API (POST /v1/service), deleted afterwards when asked. */
export async function makeService(
  page: Page,
  wanted: { name: string; deleted?: boolean },
): Promise<MadeService> {
  const key = unique('flows').toLowerCase().replace(/[^a-z0-9-]/g, '-')
  const { service } = await answer<{ service: MadeService }>(
    'Making a service',
    await page.request.post('/v1/service', { data: { key, name: wanted.name } }),
  )
  if (wanted.deleted)
    await answer('Deleting the service', await page.request.delete(\`/v1/service/\${service.id}\`))
  return service
}

/** One attribute record through the API (POST /v1/record/{entity}, no id: a new one). */
async function record(page: Page, entity: string, fields: Record<string, unknown>) {
  const results = await answer<Record<string, { id: string }>>(
    \`Making an \${entity}\`,
    await page.request.post(\`/v1/record/\${entity}\`, { data: { id: null, record: fields } }),
  )
  return results[entity]!
}

export type MadeAttributeKey = { id: string; name: string; trunk: string; branch: string }

/**
 * An attribute key with its options, made through the API as a leaf of a new branch of a new
 * trunk, both named for the run so the tree shows them apart from everything else.
 */
export async function makeAttributeKey(
  page: Page,
  wanted: {
    name: string
    prompt?: string | null
    type: string
    controlType: string | null
    config: string
    options: { label: string; value: string }[]
  },
): Promise<MadeAttributeKey> {
  const trunk = unique('Trunk')
  const branch = unique('Branch')
  const trunkKey = await record(page, 'AttributeKey', { name: trunk, type: 'ROOT', config: '{}' })
  const trunkLink = await record(page, 'AttributeKeyAssociation', {
    attributeKeyId: trunkKey.id,
    parentAssociationId: null,
    sortOrder: 0,
  })
  const branchKey = await record(page, 'AttributeKey', { name: branch, type: 'BRANCH', config: '{}' })
  const branchLink = await record(page, 'AttributeKeyAssociation', {
    attributeKeyId: branchKey.id,
    parentAssociationId: trunkLink.id,
    sortOrder: 0,
  })
  const { options, ...fields } = wanted
  const key = await record(page, 'AttributeKey', fields)
  await record(page, 'AttributeKeyAssociation', {
    attributeKeyId: key.id,
    parentAssociationId: branchLink.id,
    sortOrder: 0,
  })
  for (const [sortOrder, option] of options.entries())
    await record(page, 'AttributeKeyOption', { attributeKeyId: key.id, ...option, sortOrder })
  return { id: key.id, name: wanted.name, trunk, branch }
}
`
