// `npm run scim:walkthrough -- --url URL --token TOKEN`: what a provisioning client (Entra, Okta)
// does to Gatehouse through /scim/v2 with an API token, step by step, printing what the server
// answered: users created one by one and in a Bulk, patched Entra- and Okta-style, filtered and
// paged, a group made and its members changed, users deactivated and deleted, the group deleted.
// Exits non-zero on the first unexpected answer. The token needs users.write (held everywhere),
// roles.write and users.access (docs/scim-filters.md). Everything it makes is named after a fresh
// tag, so it can run again against the same server.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'

const JSON_TYPE = 'application/scim+json'
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User'
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group'
const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest'

export interface WalkthroughOptions {
  /** Gatehouse's origin (or PUBLIC_URL), without /scim/v2. */
  url: string
  token: string
  print?: (line: string) => void
  /** Names what this run makes; random unless given. */
  tag?: string
}

interface Person {
  id: string
  userName: string
  givenName: string
  familyName: string
}

export interface WalkthroughResult {
  tag: string
  /** The people as they end: Ada and Grace active, Alan deactivated, Edsger deleted (disabled). */
  people: Record<'ada' | 'grace' | 'alan' | 'edsger', Person>
  groupName: string
  /** Requests sent. */
  requests: number
}

/** An answer the walkthrough did not expect, with what the server said. */
export class WalkthroughFailure extends Error {
  constructor(step: string, detail: string) {
    super(`${step}: ${detail}`)
    this.name = 'WalkthroughFailure'
  }
}

interface Answer {
  status: number
  body: Record<string, unknown>
}

type Json = Record<string, unknown>

const asList = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : [])

/** The gist of an answer: a list's total, a resource's id, an error's detail. */
function said(body: Json): string {
  if (typeof body.totalResults === 'number') return ` (totalResults ${body.totalResults})`
  if (typeof body.detail === 'string') return ` (${body.detail})`
  if (typeof body.id === 'string') return ` (id ${body.id})`
  return ''
}

/** Runs the walkthrough; throws WalkthroughFailure on the first unexpected answer. */
export async function runScimWalkthrough(options: WalkthroughOptions): Promise<WalkthroughResult> {
  const base = `${options.url.replace(/\/+$/, '')}/scim/v2`
  const print = options.print ?? ((line: string) => console.log(line))
  const tag = options.tag ?? `w${randomBytes(3).toString('hex')}`
  const domain = `${tag}.example.org`
  let requests = 0

  async function send(
    step: string,
    method: string,
    path: string,
    expected: number[],
    body?: unknown,
  ): Promise<Answer> {
    requests += 1
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: JSON_TYPE,
          ...(body === undefined ? {} : { 'content-type': JSON_TYPE }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch (error) {
      throw new WalkthroughFailure(step, `${base} cannot be reached: ${String(error)}`)
    }
    const text = await response.text()
    let parsed: Json
    try {
      parsed = text === '' ? {} : (JSON.parse(text) as Json)
    } catch {
      throw new WalkthroughFailure(
        step,
        `${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      )
    }
    print(
      `${step.padEnd(48)} ${method} ${decodeURIComponent(path)} → ${response.status}${said(parsed)}`,
    )
    if (!expected.includes(response.status)) {
      throw new WalkthroughFailure(
        step,
        `expected ${expected.join(' or ')}, got ${response.status}: ${text.slice(0, 300)}`,
      )
    }
    return { status: response.status, body: parsed }
  }

  function check(step: string, ok: boolean, what: string) {
    if (!ok) throw new WalkthroughFailure(step, what)
    print(`  ✓ ${what}`)
  }

  const userBody = (given: string, family: string, extra: Json = {}) => ({
    schemas: [USER],
    userName: `${given.toLowerCase()}@${domain}`,
    name: { givenName: given, familyName: family },
    emails: [{ value: `${given.toLowerCase()}@${domain}`, type: 'work', primary: true }],
    active: true,
    ...extra,
  })
  const personOf = (body: Json): Person => {
    const name = (body.name ?? {}) as Json
    return {
      id: String(body.id),
      userName: String(body.userName),
      givenName: String(name.givenName),
      familyName: String(name.familyName),
    }
  }
  const filter = (text: string, more = '') => `/Users?filter=${encodeURIComponent(text)}${more}`

  // Discovery, as a client reads it first.
  const config = await send(
    'Read the service provider config',
    'GET',
    '/ServiceProviderConfig',
    [200],
  )
  check(
    'ServiceProviderConfig',
    (config.body.patch as Json | undefined)?.supported === true &&
      (config.body.bulk as Json | undefined)?.supported === true,
    'PATCH and Bulk are supported',
  )

  // Provisioning: one POST, then a Bulk of three with bulkIds.
  const created = await send(
    'Create Ada',
    'POST',
    '/Users',
    [201],
    userBody('Ada', 'Lovelace', {
      externalId: `${tag}-ada`,
      phoneNumbers: [{ value: '+1 (555) 010-0001', type: 'mobile' }],
    }),
  )
  const ada = personOf(created.body)
  check('Create Ada', ada.userName === `ada@${domain}`, `Ada is ${ada.id}`)

  const bulk = await send('Create Grace, Alan and Edsger in one Bulk', 'POST', '/Bulk', [200], {
    schemas: [BULK],
    failOnErrors: 1,
    Operations: (
      [
        ['grace', 'Grace', 'Hopper'],
        ['alan', 'Alan', 'Turing'],
        ['edsger', 'Edsger', 'Dijkstra'],
      ] as const
    ).map(([bulkId, given, family]) => ({
      method: 'POST',
      path: '/Users',
      bulkId,
      data: userBody(given, family, { externalId: `${tag}-${bulkId}` }),
    })),
  })
  const operations = asList(bulk.body.Operations)
  check(
    'Bulk',
    operations.length === 3 && operations.every((o) => String(o.status) === '201'),
    'the Bulk created all three (201 each)',
  )
  const idOf = (bulkId: string) => {
    const location = operations.find((o) => o.bulkId === bulkId)?.location
    if (typeof location !== 'string')
      throw new WalkthroughFailure('Bulk', `no location for ${bulkId}`)
    return location.slice(location.lastIndexOf('/') + 1)
  }
  const read = async (step: string, id: string) =>
    personOf((await send(step, 'GET', `/Users/${id}`, [200])).body)
  let grace = await read('Read Grace back', idOf('grace'))
  let alan = await read('Read Alan back', idOf('alan'))
  let edsger = await read('Read Edsger back', idOf('edsger'))

  // Entra's PATCH: path filters on emails, a sub-attribute of name.
  const patchUser = async (step: string, id: string, ...ops: Json[]) => {
    const answer = await send(step, 'PATCH', `/Users/${id}`, [200, 204], {
      schemas: [PATCH_OP],
      Operations: ops,
    })
    return answer.status === 204
      ? (await send(`${step} (read back)`, 'GET', `/Users/${id}`, [200])).body
      : answer.body
  }
  const married = await patchUser(
    'Patch Ada Entra-style (work email, family name)',
    ada.id,
    { op: 'Replace', path: 'emails[type eq "work"].value', value: `ada.byron@${domain}` },
    { op: 'Replace', path: 'name.familyName', value: 'Byron' },
  )
  const adaNow = personOf(married)
  check(
    'Patch Ada',
    adaNow.userName === `ada.byron@${domain}` && adaNow.familyName === 'Byron',
    'userName followed the work email, and the family name is Byron',
  )

  // Okta's path-less replace, with Entra's string boolean.
  const graceOff = await patchUser('Deactivate Grace (path-less, "False")', grace.id, {
    op: 'replace',
    value: { active: 'False' },
  })
  check('Deactivate Grace', graceOff.active === false, 'Grace is inactive')
  const graceOn = await patchUser('Reactivate Grace', grace.id, {
    op: 'replace',
    value: { active: true },
  })
  check('Reactivate Grace', graceOn.active === true, 'Grace is active again')
  grace = personOf(graceOn)

  // Filters.
  const list = async (step: string, text: string, more = '') => {
    const answer = await send(step, 'GET', filter(text, more), [200])
    return { total: Number(answer.body.totalResults), resources: asList(answer.body.Resources) }
  }
  const byName = await list('Filter userName eq', `userName eq "ADA.BYRON@${domain}"`)
  check(
    'Filter userName eq',
    byName.total === 1 && byName.resources[0]?.id === ada.id,
    'userName eq finds Ada, whatever the case',
  )
  const bySw = await list(
    'Filter name.familyName sw, and',
    `name.familyName sw "t" and userName ew "@${domain}"`,
  )
  check(
    'Filter sw/and',
    bySw.total === 1 && bySw.resources[0]?.id === alan.id,
    'familyName sw "t" and the run’s domain finds Turing only',
  )
  const byOr = await list(
    'Filter or, grouped',
    `(userName eq "grace@${domain}" or userName eq "edsger@${domain}") and active eq true`,
  )
  check('Filter or', byOr.total === 2, 'the or finds Grace and Edsger')

  // Pagination: two at a time until totalResults.
  const seen = new Set<string>()
  let total = Infinity
  for (let start = 1; start <= total; start += 2) {
    const page = await list(
      `Page from ${start}`,
      `userName ew "@${domain}"`,
      `&startIndex=${start}&count=2&sortBy=userName`,
    )
    total = page.total
    if (page.resources.length === 0) break
    page.resources.forEach((r) => seen.add(String(r.id)))
  }
  check('Paginate', total === 4 && seen.size === 4, 'two pages of two: all four people, once each')

  // A group, its members changed by PATCH.
  const groupName = `Walkthrough ${tag}`
  const group = await send('Create the group with Ada', 'POST', '/Groups', [201], {
    schemas: [GROUP],
    displayName: groupName,
    externalId: `${tag}-group`,
    members: [{ value: ada.id }],
  })
  const groupId = String(group.body.id)
  const members = async (step: string) => {
    const answer = await send(step, 'GET', `/Groups/${groupId}`, [200])
    return asList(answer.body.members)
      .map((m) => String(m.value))
      .sort()
  }
  const patchGroup = (step: string, ...ops: Json[]) =>
    send(step, 'PATCH', `/Groups/${groupId}`, [200, 204], { schemas: [PATCH_OP], Operations: ops })
  await patchGroup('Add Grace and Alan to the group', {
    op: 'Add',
    path: 'members',
    value: [{ value: grace.id }, { value: alan.id }],
  })
  check(
    'Add members',
    (await members('Read the members')).join() === [ada.id, grace.id, alan.id].sort().join(),
    'the group has Ada, Grace and Alan',
  )
  await patchGroup('Remove Ada (members[value eq])', {
    op: 'remove',
    path: `members[value eq "${ada.id}"]`,
  })
  await patchGroup('Remove Alan (Entra: value list)', {
    op: 'Remove',
    path: 'members',
    value: [{ value: alan.id }],
  })
  check(
    'Remove members',
    (await members('Read the members')).join() === grace.id,
    'only Grace is left',
  )
  const groups = await send(
    'Filter groups by displayName',
    'GET',
    `/Groups?filter=${encodeURIComponent(`displayName eq "${groupName}"`)}&excludedAttributes=members`,
    [200],
  )
  check('Filter groups', Number(groups.body.totalResults) === 1, 'the group is found by name')

  // Deactivation and deletion.
  const alanOff = await patchUser('Deactivate Alan (Entra: path active "False")', alan.id, {
    op: 'Replace',
    path: 'active',
    value: 'False',
  })
  check('Deactivate Alan', alanOff.active === false, 'Alan is inactive')
  alan = personOf(alanOff)
  await send('Delete Edsger', 'DELETE', `/Users/${edsger.id}`, [204])
  const gone = await send('Read Edsger after the delete', 'GET', `/Users/${edsger.id}`, [200, 404])
  check(
    'Delete Edsger',
    gone.status === 404 || gone.body.active === false,
    'Edsger is gone from provisioning (Gatehouse keeps him, disabled)',
  )
  edsger = gone.status === 200 ? personOf(gone.body) : edsger
  await send('Delete the group', 'DELETE', `/Groups/${groupId}`, [204])
  await send('Read the group after the delete', 'GET', `/Groups/${groupId}`, [404])

  print(`Done: ${requests} requests, tag ${tag}.`)
  return { tag, people: { ada: adaNow, grace, alan, edsger }, groupName, requests }
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, token: { type: 'string' }, tag: { type: 'string' } },
  })
  const token = values.token ?? process.env.GATEHOUSE_TOKEN
  if (!values.url || !token) {
    console.error(
      'Usage: npm run scim:walkthrough -- --url https://gatehouse.example --token <API token>',
    )
    process.exit(2)
  }
  try {
    await runScimWalkthrough({ url: values.url, token, tag: values.tag })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
