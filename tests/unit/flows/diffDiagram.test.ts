import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { machineGraph } from '../../../src/flows/graph'
import { layoutGraph } from '../../../src/flows/layout'
import { changesSinceRelease, removedKey } from '../../../src/flows/release/changes'
import { markChanges } from '../../../src/areas/flows/views/changes/changesScene'
import { CHANGE_TONES } from '../../../src/areas/flows/views/changes/changesPalette'
import { PALETTES } from '../../../src/areas/flows/views/diagram/palette'
import { diagramScene } from '../../../src/areas/flows/views/diagram/scene'
import type { SceneItem } from '../../../src/areas/flows/views/diagram/sceneShapes'

// The release had a `review` step between editing and saving; today's version saves at once,
// shows 'Saved' for longer, and can cancel.
const release = machineGraph(
  createMachine({
    id: 'form',
    initial: 'editing',
    states: {
      editing: { description: 'The form.', on: { submit: 'review' } },
      review: { description: 'Checks before saving.', on: { confirm: 'saving', back: 'editing' } },
      saving: { description: 'Saves.', on: { saved: 'done' } },
      done: { type: 'final', description: 'Saved.' },
    },
  }),
)
const today = machineGraph(
  createMachine({
    id: 'form',
    initial: 'editing',
    states: {
      editing: { description: 'The form.', on: { submit: 'saving', cancel: 'done' } },
      saving: { description: 'Saves.', on: { saved: 'done' } },
      done: { type: 'final', description: "Saved: 'Saved' shows for a while." },
    },
  }),
)
const changes = changesSinceRelease({ version: '1.0.0', graphs: { form: release } }, today)

describe('the Changes diagram of a machine against the release', () => {
  it('puts the removed state back where it stood, with its transitions', () => {
    const { graph } = changes
    expect(graph.states.find((s) => s.id === 'form')!.children).toEqual([
      'form.editing',
      'form.review',
      'form.saving',
      'form.done',
    ])
    expect(graph.states.find((s) => s.id === 'form.review')).toMatchObject({ parent: 'form' })
    const removed = graph.transitions.filter((t) => t.key.startsWith('removed: '))
    expect(removed.map((t) => [t.key, t.targets])).toEqual([
      [removedKey('form.review confirm#0'), ['form.saving']],
      [removedKey('form.review back#0'), ['form.editing']],
    ])
  })

  it('marks each state and transition by its change', () => {
    expect([...changes.marks.states]).toEqual([
      ['form.done', 'changed'],
      ['form.review', 'removed'],
    ])
    expect([...changes.marks.transitions]).toEqual([
      // editing's submit now goes to saving: the same trigger, another target.
      ['form.editing submit#0', 'changed'],
      [removedKey('form.review confirm#0'), 'removed'],
      [removedKey('form.review back#0'), 'removed'],
      ['form.editing cancel#0', 'added'],
    ])
    expect(changes).toMatchObject({ version: '1.0.0', isNew: false })
  })

  it('calls a machine the release did not have new, all of it added', () => {
    const fresh = changesSinceRelease({ version: '1.0.0', graphs: {} }, today)
    expect(fresh.isNew).toBe(true)
    expect(new Set(fresh.marks.states.values())).toEqual(new Set(['added']))
  })

  it('says so on a collapsed state with changes inside', async () => {
    const nested = (description: string) =>
      machineGraph(
        createMachine({
          id: 'nested',
          initial: 'outer',
          states: {
            outer: {
              initial: 'inner',
              states: { inner: { description }, other: {} },
            },
            after: {},
          },
        }),
      )
    const marked = changesSinceRelease(
      { version: '1.0.0', graphs: { nested: nested('Before.') } },
      nested('After.'),
    )
    expect([...marked.marks.around].sort()).toEqual(['nested', 'nested.outer'])
    const layout = await layoutGraph(marked.graph, { collapsed: new Set(['nested.outer']) })
    const scene = markChanges(
      diagramScene(layout, PALETTES.light, {}),
      marked.marks,
      PALETTES.light,
      'light',
    )!
    const outer = scene.items.find((i) => i.id === 'state:nested.outer')!
    expect(outer.shapes).toContainEqual(expect.objectContaining({ text: '~ changes inside' }))
    // Open, the state itself carries the mark and its box says nothing more.
    const open = await layoutGraph(marked.graph, { collapsed: new Set() })
    const drawn = markChanges(
      diagramScene(open, PALETTES.light, {}),
      marked.marks,
      PALETTES.light,
      'light',
    )!
    const texts = drawn.items.flatMap((i) =>
      i.shapes.flatMap((s) => (s.tag === 'text' ? [s.text] : [])),
    )
    expect(texts).toContain('~ changed')
    expect(texts).not.toContain('~ changes inside')
  })

  it('draws the changes in their tones, with words and line styles besides colour', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const palette = PALETTES[theme]
      const tones = CHANGE_TONES[theme]
      const layout = await layoutGraph(changes.graph, { collapsed: new Set() })
      const taken = new Set(changes.marks.transitions.keys())
      const scene = markChanges(
        diagramScene(layout, palette, { taken }),
        changes.marks,
        palette,
        theme,
      )!
      const item = (id: string) => scene.items.find((i) => i.id === id)!
      const texts = (i: SceneItem) => i.shapes.flatMap((s) => (s.tag === 'text' ? [s.text] : []))
      const strokes = (i: SceneItem) =>
        i.shapes.flatMap((s) => (s.tag === 'rect' || s.tag === 'path' ? [s.stroke] : []))

      const review = item('state:form.review')
      expect(texts(review)).toContain('− removed')
      expect(review.title).toBe('Removed since the release: Checks before saving.')
      expect(review.shapes[0]).toMatchObject({ stroke: tones.removed.line, dash: '6 3' })
      expect(texts(item('state:form.done'))).toContain('~ changed')
      expect(texts(item('state:form.editing'))).not.toContain('~ changed')

      // The arrows of review's two removed transitions are red and dashed; a label gets its sign.
      const edge = item('edge:form.review → form.saving')
      expect(edge.shapes[0]).toMatchObject({ stroke: tones.removed.line, dash: '6 3' })
      const added = scene.items.find(
        (i) => i.role === 'label' && i.transition === 'form.editing cancel#0',
      )!
      expect(texts(added)).toContain('+')
      expect(strokes(added)).toContain(tones.added.line)
      // Untouched: saving's arrow to done keeps the diagram's own colour.
      expect(item('edge:form.saving → form.done').shapes[0]).toMatchObject({ stroke: palette.edge })
    }
  })
})
