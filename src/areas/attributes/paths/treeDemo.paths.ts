import type { AttributeKey, AttributeKeyAssociation } from '../../../../schema/attributes'
import { ApiError } from '../../../data/api/ApiError'
import {
  treeDemoMachine,
  type DemoEvent,
  type TreeDemoSnapshot,
} from '../machines/treeDemo.machine'
import type { DemoRows } from '../machines/treeDemo.walk'
import { definePaths } from '../../../flows/model'

const at = '2026-11-22T10:00:00.000Z'
const base = { createdAt: at, updatedAt: at, deleted: false }
export const rootKey: AttributeKey = {
  ...base,
  id: '0193a1b2-0000-7000-8000-000000000001',
  name: 'Mug',
  prompt: null,
  type: 'ROOT',
  controlType: null,
  config: '{}',
  imagePath: null,
  skuId: null,
  erpId: null,
  attributeKeyAssociationId: null,
}
export const leafKey: AttributeKey = {
  ...rootKey,
  id: '0193a1b2-0000-7000-8000-000000000002',
  name: 'Message',
  prompt: 'What should it say?',
  type: 'STRING',
  controlType: 'INPUT',
}
export const root: AttributeKeyAssociation = {
  ...base,
  id: '0193a1b2-0000-7000-8000-000000000011',
  sortOrder: 0,
  attributeKeyId: rootKey.id,
  parentAssociationId: null,
}
export const leaf: AttributeKeyAssociation = {
  ...base,
  id: '0193a1b2-0000-7000-8000-000000000012',
  sortOrder: 0,
  attributeKeyId: leafKey.id,
  parentAssociationId: root.id,
}
/** Mug, a root with one question: Message ('What should it say?'). */
export const ROWS: DemoRows = {
  associations: [root, leaf],
  keys: [rootKey, leafKey],
  options: [],
  conditions: [],
}

const events = (s: TreeDemoSnapshot) =>
  [
    { type: 'rows.loaded', rows: ROWS },
    { type: 'rows.failed', error: new Error('The database connection is closing.') },
    // Before the rows arrive there is no question to answer; the guard ignores these then.
    ...['a', 'b']
      .filter((value) => value !== s.context.answers[leaf.id])
      .map((value) => ({ type: 'answer.changed', associationId: leaf.id, value })),
    { type: 'demo.retry' },
    { type: 'respondent.changed', refId: s.context.refId === 'r1' ? 'r2' : 'r1' },
    { type: 'xstate.done.actor.loadAnswers', output: [] },
    { type: 'xstate.error.actor.loadAnswers', error: new ApiError(0, 1000, 'offline', true) },
    { type: 'xstate.after.ANSWER_SAVE_DELAY.treeDemo.answering.waiting' },
    {
      type: 'xstate.done.actor.saveAnswers',
      output: s.context.saving.map((answer) => ({ ...answer, valueId: 'value-1' })),
    },
    {
      type: 'xstate.error.actor.saveAnswers',
      error: new ApiError(422, 1001, 'Value: too long.'),
    },
  ] as unknown as DemoEvent[]

/** The demo page as a person sees it: the question and its answer, the status line or alert. */
function shows(s: TreeDemoSnapshot): string | undefined {
  const parts: string[] = []
  if (s.context.rows) {
    const answer = s.context.answers[leaf.id]
    parts.push(
      `'Demo: Mug' asks “What should it say?”${answer ? `, answered “${answer}”` : ', unanswered'}`,
    )
  }
  if (s.hasTag('error')) parts.push(`the alert reads “${s.context.error ?? ''}”`)
  else if (s.hasTag('loading')) parts.push('the status reads “Reading the answers…”')
  else if (s.hasTag('allSaved')) parts.push('the status reads “Every answer is saved.”')
  else if (s.hasTag('answering')) parts.push('the status reads “Saving…”')
  if (s.can({ type: 'demo.retry' })) parts.push('Try Again is on')
  return parts.join('; ') || undefined
}

export const treeDemoPaths = definePaths({
  name: 'Tree demo',
  machine: treeDemoMachine,
  events,
  input: { rootId: root.id, refId: 'r1' },
  // An unreadable cache ends the demo: nothing is taken after it.
  stopWhen: (s) => s.status === 'done',
  serializeState: (s, event, previous) =>
    // What the page shows, what the next save sends and for whom.
    JSON.stringify([
      s.value,
      !!s.context.rows,
      s.context.answers[leaf.id],
      s.context.saving.map((answer) => answer.value),
    ]) +
    // Ways into a state that leave nothing else to tell them apart (a broken cache, another
    // respondent, a retry, the tree redrawn) are named, so that each is a path of its own.
    (event &&
    previous &&
    (s.matches('unreadable') ||
      s.matches('loadingAnswers') ||
      event.type === 'demo.retry' ||
      previous.matches({ answering: 'failed' }) ||
      (event.type === 'rows.loaded' && previous.context.rows))
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  shows,
  detail: (event) =>
    event.type === 'answer.changed'
      ? `(now “${event.value}”)`
      : event.type === 'respondent.changed'
        ? `(Reference Id “${event.refId}”)`
        : undefined,
})

export const models = [treeDemoPaths]
