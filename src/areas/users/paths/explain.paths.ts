import type { Explanation } from '../../../../schema/access'
import {
  explainMachine,
  type ExplainEvent,
  type ExplainSnapshot,
} from '../machines/explain.machine'
import type { PickerMatch } from '../machines/explain.setup'
import { answerWord } from '../machines/explain.messages'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { accessUser } from './access.fixtures'

export const input = { user: accessUser }

/** Two people whose names hold 'ann', as the cache's search finds them (by last name). */
export const annMatches: PickerMatch[] = [
  {
    id: '0193e000-0000-7000-8000-0000000000a1',
    name: 'Ann Lee',
    detail: 'ann@example.com',
    deleted: false,
  },
  {
    id: '0193e000-0000-7000-8000-0000000000a2',
    name: 'Anna Park',
    detail: 'anna@example.com',
    deleted: false,
  },
]
export const searchFailure = new Error('The database is closed.')
export const askRefusal = refusal(404, 'There is no such user.')

/** The server's answer about Ann Lee: Grace is Help desk for Pharmacy staff, and Ann is in it. */
export const yes: Explanation = {
  allowed: true,
  answer: 'Yes: Grace Hopper can users.read on Ann Lee.',
  reasons: [
    'Grace Hopper holds the Help desk role for group Pharmacy staff.',
    'The Help desk role includes users.read.',
    'Ann Lee is a member of Pharmacy staff.',
  ],
}

const events = [
  { type: 'explain.permissionPicked', permission: 'users.read' },
  { type: 'explain.permissionPicked', permission: 'users.write' },
  { type: 'explain.permissionPicked', permission: 'dashboard.read' },
  { type: 'explain.typed', text: 'ann' },
  { type: 'explain.typed', text: '' },
  { type: 'explain.chosen', match: annMatches[0] },
  { type: 'explain.ask' },
  { type: 'xstate.after.searchDebounce.explain.target.waiting' },
  { type: 'xstate.done.actor.findTargets', output: { matches: annMatches, count: 2 } },
  { type: 'xstate.error.actor.findTargets', error: searchFailure },
  { type: 'xstate.done.actor.askServer', output: yes },
  { type: 'xstate.error.actor.askServer', error: askRefusal },
] as unknown as ExplainEvent[]

function shows(s: ExplainSnapshot): string {
  const { permission, text, target, matches, explanation } = s.context
  const parts = [permission ? `Permission ${permission}` : "'Choose a permission'"]
  if (text) parts.push(`the box holds “${text}”`)
  if (target) parts.push(`on ${target.name}`)
  if (s.hasTag('searching')) parts.push("'Searching…'")
  if (s.hasTag('offered')) parts.push(`offers ${matches.map((m) => m.name).join(', ')}`)
  if (s.context.searchError && s.hasTag('error')) parts.push('the search failed')
  parts.push(s.can({ type: 'explain.ask' }) ? 'Ask is on' : 'Ask is off')
  if (s.hasTag('busy')) parts.push("'Asking…'")
  if (explanation) parts.push(`${answerWord(explanation.allowed)}, with its reasons`)
  if (s.context.error) parts.push(`“${s.context.error}”`)
  return parts.join('; ')
}

const facts = (s: ExplainSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.permission,
    s.context.text,
    s.context.target?.id ?? null,
    s.context.explanation !== null,
    s.context.error !== null,
  ])

export const explainPaths = definePaths({
  name: 'Why can they?',
  machine: explainMachine,
  events,
  input,
  serializeState: (s, event, previous) =>
    facts(s) +
    (event && previous && facts(previous) !== facts(s)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  // Only what the screen can send: no box for a permission that needs no target, no Ask while off.
  filterEvents: (s, event) => {
    if (event.type === 'explain.typed')
      return (
        s.context.permission !== null &&
        s.context.permission !== 'dashboard.read' &&
        event.text !== s.context.text
      )
    if (event.type === 'explain.permissionPicked') return event.permission !== s.context.permission
    // The matches' buttons show only while offered (the answer region would take it anywhere).
    if (event.type === 'explain.chosen') return s.hasTag('offered')
    return s.can(event)
  },
  // The two regions multiply the shortest paths, and each path is driven through the real screen.
  select: (paths) => coveringPaths(explainMachine, input, paths),
  shows,
  detail: (event) => {
    if (event.type === 'explain.permissionPicked') return `(${event.permission})`
    if (event.type === 'explain.typed') return event.text ? `“${event.text}”` : 'empty'
    if (event.type === 'explain.chosen') return `“${event.match.name}”`
    return undefined
  },
})

export const models = [explainPaths]
