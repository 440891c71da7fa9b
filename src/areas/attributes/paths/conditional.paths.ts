import { createEmptyActor } from 'xstate'
import { conditionSummary, splitValues } from '../../../../schema/attribute-rules'
import {
  conditionalMachine,
  type ConditionalEvent,
  type ConditionalSnapshot,
} from '../machines/conditional.machine'
import { aCondition, leafFamily, refusal } from './attributes.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'

/** Colour (the conditioned leaf) with Size and Extras after it, and one condition on Extras. */
export const family = leafFamily()

const events = [
  { type: 'conditional.loaded', leaf: family.found },
  { type: 'conditional.loaded', leaf: family.withoutCondition },
  { type: 'conditional.loaded', leaf: family.missing },
  { type: 'conditional.readFailed', error: new Error('The database is closed.') },
  { type: 'conditional.chooseValues', values: ['red', 'green'] },
  { type: 'conditional.chooseValues', values: [] },
  { type: 'conditional.chooseTarget', id: family.c.id },
  { type: 'conditional.save' },
  { type: 'conditional.remove', id: family.condition.id },
  { type: 'conditional.cancel' },
  {
    type: 'xstate.done.actor.saveCondition',
    output: aCondition(302, family.colour.id, 'red;green', family.c.id),
  },
  {
    type: 'xstate.error.actor.saveCondition',
    error: refusal(422, 'The affected item must come after the conditioned leaf.'),
  },
  { type: 'xstate.done.actor.removeCondition', output: { ...family.condition, deleted: true } },
  {
    type: 'xstate.error.actor.removeCondition',
    error: refusal(404, 'There is no such condition.'),
  },
] as unknown as ConditionalEvent[]

/** The dialog as a person sees it: the chosen values and item, the summary, Save, the message. */
function shows(s: ConditionalSnapshot): string | undefined {
  if (s.matches('loading'))
    return "The 'Conditional Attribute' dialog reads “Loading…”; Save is off"
  if (s.matches('missing'))
    return "The 'Conditional Attribute' dialog says the leaf is not in the local data; Save is off"
  if (s.matches('closed')) return 'The dialog has closed'
  const { values, targetId, leaf, error } = s.context
  const leafName = leaf?.leaf?.key?.name ?? ''
  const nameOf = (id: string | null) => leaf?.siblings.find((l) => l.id === id)?.key?.name
  const summary = conditionSummary(
    leafName,
    values.length ? values : ['…'],
    nameOf(targetId) ?? '…',
  )
  const existing = (leaf?.conditions ?? []).map(
    (c) =>
      `“${conditionSummary(leafName, splitValues(c.value), nameOf(c.conditionalAssociationId) ?? '')}”`,
  )
  const parts = [
    `The 'Conditional Attribute' dialog reads “${summary}”`,
    existing.length ? `existing conditions: ${existing.join(', ')}` : 'no existing condition',
  ]
  if (s.matches('saving') || s.matches('removing')) parts.push('Save is off while the server works')
  else parts.push(s.can({ type: 'conditional.save' }) ? 'Save is on' : 'Save is off')
  if (error) parts.push(`the message reads “${error}”`)
  return parts.join('; ')
}

// What the dialog holds, and the step that led to a state.
const summary = withWayIn((s: ConditionalSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.values,
    s.context.targetId,
    s.context.leaf?.leaf ? s.context.leaf.conditions.length : null,
    s.context.error,
  ]),
)

export const conditionalPaths = definePaths({
  name: 'Conditional Attribute dialog',
  machine: conditionalMachine,
  events,
  input: { associationId: family.a.id, tree: createEmptyActor() },
  // Closed ends the dialog's statechart: nothing is taken after it.
  stopWhen: (s) => s.status === 'done',
  serializeState: (s, event, previous) =>
    // Closed is closed, whatever the context; one path per way in.
    s.value === 'closed'
      ? `closed via ${event?.type} from ${JSON.stringify(previous?.value)}`
      : summary(s, event, previous),
  shows,
  detail: (event) =>
    event.type === 'conditional.chooseValues'
      ? event.values.length
        ? `(${event.values.map((v) => `“${v}”`).join(', ')})`
        : '(none)'
      : event.type === 'conditional.loaded'
        ? event.leaf.leaf
          ? `(with ${event.leaf.conditions.length} condition${event.leaf.conditions.length === 1 ? '' : 's'})`
          : '(without the leaf)'
        : undefined,
})

export const models = [conditionalPaths]
