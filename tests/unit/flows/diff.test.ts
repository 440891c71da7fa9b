import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import {
  diffGraphs,
  diffMachine,
  diffMarkdown,
  diffSummary,
  diffText,
  hasRemovals,
  type MachineDiff,
} from '../../../src/flows/diff'
import { machineGraph, type FlowGraph } from '../../../src/flows/graph'

type Config = Parameters<typeof createMachine>[0]
// The parts of a definition these tests edit, typed loosely enough to edit them.
type On = { target?: string; guard?: string; actions?: string | string[]; description?: string }
type StateDef = Record<string, unknown> & {
  on?: Record<string, On | On[]>
  invoke?: { src: string; id: string; onDone?: On | string; onError?: On }
  after?: Record<number, On>
}
type Def = Config & { initial?: string; states: Record<string, StateDef> }

// A small editor: the shape most console machines have (a form, a save, its failure).
const base = (): Config => ({
  id: 'editor',
  description: 'Edits a name and saves it.',
  initial: 'editing',
  states: {
    editing: {
      description: 'The form.',
      tags: ['dirty'],
      on: {
        'name.changed': { actions: 'setName', description: 'A letter was typed.' },
        'save.pressed': [
          { guard: 'isValid', target: 'saving', description: 'Save, and the name is good.' },
          { guard: 'isEmpty', target: 'failed', description: 'Save, with no name.' },
        ],
      },
    },
    saving: {
      description: 'Sends the name.',
      tags: ['busy'],
      invoke: {
        src: 'save',
        id: 'save',
        onDone: { target: 'saved', description: 'Saved.' },
        onError: { target: 'failed', actions: 'keepError', description: 'It failed.' },
      },
      after: { 5000: { target: 'failed', description: 'Took too long.' } },
    },
    failed: {
      description: 'Says why.',
      on: { retry: { target: 'saving', description: 'Again.' } },
    },
    saved: { type: 'final', description: 'Done.' },
  },
})

const graphOf = (config: Config) => machineGraph(createMachine(config))

/** The base machine with one part of its definition replaced. */
function changed(edit: (config: Def) => void): FlowGraph {
  const config = structuredClone(base()) as Def
  edit(config)
  return graphOf(config)
}

const lines = (d: MachineDiff) => diffText([d], 'v1').split('\n').slice(3)

describe('diffMachine', () => {
  it('finds nothing between a machine and itself', () => {
    const d = diffMachine(graphOf(base()), graphOf(base()))
    expect(d).toMatchObject({ change: 'same', states: [], transitions: [] })
    expect(diffGraphs({ editor: graphOf(base()) }, { editor: graphOf(base()) })).toEqual([])
    expect(diffText([], 'v1')).toBe('No behavioural changes since v1.')
    expect(diffMarkdown([], 'v1')).toBe('No behavioural changes since v1.')
  })

  it('does not count reordered branches or states as a change', () => {
    const reordered = changed((c) => {
      ;(c.states.editing!.on!['save.pressed'] as On[]).reverse()
      const { saved, ...rest } = c.states
      c.states = { saved, ...rest } as never
    })
    // The keys moved (#0 is now isEmpty's branch): matching is by meaning, not by key.
    expect(reordered.transitions.find((t) => t.guard === 'isEmpty')!.key).toMatch(/#0$/)
    expect(diffMachine(graphOf(base()), reordered).change).toBe('same')
  })

  it('reports added, removed and changed states with what changed', () => {
    const after = changed((c) => {
      const states = c.states
      delete states.failed
      states.saving!.invoke = { src: 'save', id: 'save', onDone: 'saved' }
      delete states.saving!.after
      states.editing!.on = {}
      states.checking = { description: 'Checks the name.', entry: 'check' }
      states.editing!.description = 'The form, with a Save button.'
      states.editing!.tags = ['dirty', 'editable']
      states.saving!.entry = ['startSpinner']
    })
    const d = diffMachine(graphOf(base()), after)
    expect(d.change).toBe('changed')
    const states = d.states.map((s) => [s.change, s.state.path])
    expect(states).toEqual([
      ['changed', 'editing'],
      ['changed', 'saving'],
      ['added', 'checking'],
      ['removed', 'failed'],
    ])
    expect(d.states[0]!.fields).toEqual([
      { field: 'description', before: 'The form.', after: 'The form, with a Save button.' },
      { field: 'tags', before: 'dirty', after: 'dirty, editable' },
    ])
    expect(d.states[1]!.fields).toEqual([
      { field: 'entry actions', before: 'none', after: 'startSpinner' },
    ])
    expect(hasRemovals([d])).toBe(true)
  })

  it('reports a changed initial state, type and invoke', () => {
    const after = changed((c) => {
      const states = c.states
      c.initial = 'failed'
      states.saved!.type = 'atomic'
      states.saving!.invoke!.src = 'saveAll'
    })
    const d = diffMachine(graphOf(base()), after)
    const fields = d.states.flatMap((s) => s.fields.map((f) => `${s.state.path}: ${f.field}`))
    expect(fields).toEqual(
      ['(root): initial state', 'saving: invokes', 'saved: type'].map((f) =>
        f.replace('(root)', ''),
      ),
    )
    expect(d.states[0]!.fields[0]).toEqual({
      field: 'initial state',
      before: 'editing',
      after: 'failed',
    })
    expect(hasRemovals([d])).toBe(false)
  })

  it('reports the SPEC.md sections a state or transition names, when they change', () => {
    const after = changed((c) => {
      c.states.editing!.meta = { spec: ['§4.2'] }
      ;(c.states.failed!.on!.retry as On & { meta?: object }).meta = { spec: ['§5.1'] }
    })
    const d = diffMachine(graphOf(base()), after)
    expect(lines(d)).toEqual([
      '  ~ state editing',
      '      SPEC sections: none → §4.2',
      '  ~ transition failed → saving on retry',
      '      SPEC sections: none → §5.1',
    ])
  })

  it('reports added and removed transitions', () => {
    const after = changed((c) => {
      const states = c.states as Record<string, { on: Record<string, On> }>
      delete states.failed!.on.retry
      states.failed!.on.cancel = { target: 'editing', description: 'Back to the form.' }
    })
    const d = diffMachine(graphOf(base()), after)
    expect(d.transitions.map((t) => [t.change, t.text])).toEqual([
      ['removed', 'failed → saving on retry'],
      ['added', 'failed → editing on cancel'],
    ])
    expect(diffSummary(d)).toBe('1 transition added, 1 transition removed')
    expect(hasRemovals([d])).toBe(true)
  })

  it('reports a changed guard, target, actions, delay and description of a transition', () => {
    const after = changed((c) => {
      const states = c.states
      const save = states.editing!.on!['save.pressed'] as On[]
      save[0]!.guard = 'isLongEnough'
      save[1]!.target = 'editing'
      ;(states.editing!.on!['name.changed'] as On).actions = ['setName', 'validate']
      states.saving!.invoke!.onError!.description = 'The server refused it.'
      states.saving!.after = { 8000: { target: 'failed', description: 'Took too long.' } }
    })
    const d = diffMachine(graphOf(base()), after)
    const fields = d.transitions.map((t) => [t.change, t.text, t.fields.map((f) => f.field)])
    expect(fields).toEqual([
      ['changed', 'editing → (stays) on name.changed', ['actions']],
      ['changed', 'saving → failed on error: save', ['description']],
      ['changed', 'editing → saving on save.pressed [isLongEnough]', ['guard']],
      ['changed', 'editing → editing on save.pressed [isEmpty]', ['targets']],
      ['changed', 'saving → failed on after 8000 ms', ['delay']],
    ])
    expect(d.transitions[2]!.fields[0]).toEqual({
      field: 'guard',
      before: 'isValid',
      after: 'isLongEnough',
    })
    expect(d.transitions[4]!.fields[0]).toEqual({ field: 'delay', before: '5000', after: '8000' })
    expect(hasRemovals([d])).toBe(false)
  })

  it('reports machines added and removed, and keeps to the machines asked for', () => {
    const other = graphOf({ id: 'other', initial: 'a', states: { a: {} } })
    const diffs = diffGraphs({ editor: graphOf(base()) }, { other })
    expect(diffs.map((d) => [d.id, d.change])).toEqual([
      ['other', 'added'],
      ['editor', 'removed'],
    ])
    expect(hasRemovals(diffs)).toBe(true)
    expect(diffGraphs({ editor: graphOf(base()) }, { other }, ['other'])).toHaveLength(1)
    expect(diffText(diffs, 'v1').split('\n')).toEqual([
      'Behavioural changes since v1: 2 machines.',
      '',
      'other: added (2 states)',
      '',
      'editor: removed',
    ])
  })
})

describe('the diff in words', () => {
  const after = changed((c) => {
    const states = c.states
    ;(states.failed!.on!.retry as On).guard = 'canRetry'
    states.failed!.description = 'Says why | and how.'
    delete states.saving!.after
  })
  const d = diffMachine(graphOf(base()), after)

  it('prints plain text: a sign per change, then what changed', () => {
    expect(lines(d)).toEqual([
      '  ~ state failed',
      '      description: Says why. → Says why | and how.',
      '  ~ transition failed → saving on retry [canRetry]',
      '      guard: none → canRetry',
      '  - transition saving → failed on after 5000 ms: Took too long.',
    ])
  })

  it('prints Markdown for a review, escaping what Markdown would read as markup', () => {
    expect(diffMarkdown([d], 'HEAD~1').split('\n')).toEqual([
      '## Behavioural changes since HEAD~1',
      '',
      '1 machine changed.',
      '',
      '### editor',
      '',
      '1 transition removed, 1 state changed, 1 transition changed.',
      '',
      '- **Changed** state failed',
      '  - description: Says why. → Says why \\| and how.',
      '- **Changed** transition failed → saving on retry \\[canRetry\\]',
      '  - guard: none → canRetry',
      '- **Removed** transition saving → failed on after 5000 ms: Took too long.',
    ])
  })
})
