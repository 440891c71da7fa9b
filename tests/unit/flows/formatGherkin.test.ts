import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin'
import { IdGenerator } from '@cucumber/messages'
import { describe, expect, it } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { loginPaths } from '../../../src/areas/sign-in/paths/login.paths'
import { toGherkin, toMarkdown, whenText } from '../../../src/flows/format'
import { buildPaths, coverageOf, readablePaths } from '../../../src/flows/model'
import { fillPlaceholders, pathTitle } from '../../../src/flows/pathText'

const cover = buildPaths(loginPaths, 'cover')
const shortest = buildPaths(loginPaths, 'shortest')
const readable = readablePaths(loginPaths, cover.paths)

describe("the 'cover' strategy", () => {
  it('keeps few of the shortest paths and still takes every transition they take', () => {
    expect(cover.strategy).toBe('cover')
    expect(cover.paths.length).toBeLessThan(shortest.paths.length / 4)
    const run = (paths: typeof cover.paths) =>
      coverageOf(loginPaths.machine, [{ input: loginPaths.input, paths }])
    expect(run(cover.paths)).toMatchObject({ taken: run(shortest.paths).taken, missing: [] })
    // Every path it keeps is one of the shortest, in their order.
    const sent = (p: (typeof cover.paths)[number]) => JSON.stringify(p.steps.map((s) => s.event))
    const order = cover.paths.map((p) => shortest.paths.map(sent).indexOf(sent(p)))
    expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!))).toBe(true)
  })
})

describe('Gherkin', () => {
  const text = toGherkin({ id: 'login', strategy: 'cover' }, readable)
  const feature = new Parser(
    new AstBuilder(IdGenerator.incrementing()),
    new GherkinClassicTokenMatcher(),
  ).parse(text).feature!
  const scenarios = feature.children.map((c) => c.scenario!)

  it('parses, one Scenario per path, When for each step and Then for what shows', () => {
    expect(scenarios).toHaveLength(readable.length)
    scenarios.forEach((scenario, n) => {
      const keywords = scenario.steps.map((s) => s.keyword.trim())
      expect(keywords[0]).toBe('Given')
      expect(keywords.filter((k) => k === 'When')).toHaveLength(readable[n]!.steps.length)
      expect(keywords.filter((k) => k === 'Then')).toHaveLength(readable[n]!.steps.length)
    })
  })

  it('words When as what the person does or how the server answers, Then as the screen', () => {
    const steps = scenarios.flatMap((s) => s.steps)
    const whens = steps.filter((s) => s.keyword.trim() === 'When').map((s) => s.text)
    const thens = steps.filter((s) => s.keyword.trim() === 'Then').map((s) => s.text)
    expect(whens).toContain('the person presses Login with a valid username and password.')
    expect(whens.some((w) => w.startsWith('the person types the username;'))).toBe(true)
    expect(whens).toContain(
      'the server answers: it refused the code; the message says why (Incorrect Code. Try Again).',
    )
    // What the model says the screen shows, else (signed in: the login is gone) the state's words.
    const expected = readable.flatMap((p) =>
      p.steps.map((s) => (s.screen ? `the screen shows: ${s.screen}` : s.checkpoint)),
    )
    expect(thens).toEqual(expected)
    // The state descriptions ('Checks the username and password with the server.') are comments.
    expect(thens.join('\n')).not.toMatch(/Checks the username and password/)
    expect(text).toMatch(/\n {4}# signingIn: Checks the username and password with the server\.\n/)
    const refused = thens.find((t) => t.includes('“Incorrect Code. Try Again.”'))
    expect(refused).toBeDefined()
  })

  it('words each kind of step', () => {
    expect(whenText({ trigger: 'person', action: "'Sign in with a passkey' was pressed." })).toBe(
      "the person presses 'Sign in with a passkey'.",
    )
    expect(
      whenText({ trigger: 'person', action: 'A field was changed: Name now “Customer Hub”.' }),
    ).toBe('the person changes a field: Name now “Customer Hub”.')
    expect(whenText({ trigger: 'person', action: 'The person gave up.' })).toBe(
      'the person gives up.',
    )
    expect(whenText({ trigger: 'person', action: 'Cancel, Escape or a click outside.' })).toBe(
      'Cancel, Escape or a click outside.',
    )
    expect(whenText({ trigger: 'answer', action: 'The server accepted the passkey.' })).toBe(
      'the server answers: it accepted the passkey.',
    )
    expect(whenText({ trigger: 'answer', action: 'The person cancelled the prompt.' })).toBe(
      'the answer comes: the person cancelled the prompt.',
    )
    expect(whenText({ trigger: 'time', action: 'The notice closed itself.' })).toBe(
      'time passes: the notice closed itself.',
    )
  })
})

describe('Markdown', () => {
  it('lists each step with the screen to check, then the state and what it means', () => {
    const text = toMarkdown({ id: 'login', strategy: 'cover' }, readable)
    expect(text).toContain(`${readable.length} paths (cover).`)
    expect(text).toContain(
      "1. 'Sign in with a passkey' was pressed.\n" +
        "   - Screen: The 'Admin Login' form; Login is off; no message\n" +
        '   - State: `passkeySigningIn`: The browser asks',
    )
    expect(text).not.toMatch(/^ {3}- Then:/m)
    expect(toMarkdown({ id: 'x', strategy: 'cover' }, readable.slice(0, 1))).toContain(
      '1 path (cover).',
    )
  })
})

describe('titles and placeholders', () => {
  it('titles say what led to the last state, then the last step, singular for one step', () => {
    expect(pathTitle([{ action: 'The server refused the code (Wrong).', state: 'a' }], 's')).toBe(
      'The server refused the code (1 step)',
    )
    expect(
      pathTitle(
        [
          { action: 'Login was pressed; it waits.', state: 'b' },
          { action: 'The username was typed: “ada”.', state: 'b' },
        ],
        'a',
      ),
    ).toBe('Login was pressed, then the username was typed: “ada” (2 steps)')
    expect(readable.map((p) => p.title)).toContain('The server accepted the passkey (2 steps)')
  })

  it('fills placeholders from the model’s values, then the context, and leaves the unknown', () => {
    const actor = createActor(
      createMachine({ context: { error: 'Gone.', role: { name: 'Pharmacy desk' } } }),
    ).start()
    const snapshot = actor.getSnapshot()
    expect(fillPlaceholders("'{name} was deleted'; {reason} {x}", [snapshot])).toBe(
      "'Pharmacy desk was deleted'; Gone. {x}",
    )
    expect(fillPlaceholders('{n} days', [snapshot], () => ({ n: 3 }))).toBe('3 days')
  })
})
