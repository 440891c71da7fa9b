import type { FlowsListSnapshot } from '../machines/flowsList.machine'
import { flowsListMachine } from '../machines/flowsList.machine'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { definePaths } from '../../../flows/model'

// Two statecharts are enough for every transition: one counted, then the last. Their modules are
// never loaded: a path says how each count ends.
const entry = (id: string, usedIn: string): CatalogEntry => ({
  id,
  usedIn,
  load: () => Promise.resolve({ models: [] }),
})

export const LISTED = [
  entry('login', 'Login screen (/login)'),
  entry('revoke', 'Sessions (/sessions): revoking sessions'),
]

export const SUMMARY = {
  description: 'Username and password, then a security code when the account uses two factors.',
  states: 11,
  transitions: 15,
  covered: 14,
}

export const NOT_CONVERTED = 'Its paths module has no model yet.'

const events = [
  { type: 'xstate.done.actor.summarize', output: SUMMARY },
  { type: 'xstate.error.actor.summarize', error: new Error(NOT_CONVERTED) },
] as never

const rowWords = (s: FlowsListSnapshot) =>
  s.context.rows
    .map((row) =>
      row.status === 'ready'
        ? `${row.id}: ${row.summary.states} states, ${row.summary.transitions} transitions`
        : row.status === 'failed'
          ? `${row.id}: not available`
          : `${row.id}: counting`,
    )
    .join('; ')

export const flowsListPaths = definePaths({
  name: 'The Flows list',
  machine: flowsListMachine,
  input: { machines: LISTED },
  events,
  shows: (s) =>
    `The Flows list says ${s.hasTag('busy') ? '“Counting the statecharts…”' : `“${s.context.rows.length} statecharts.”`}; ${rowWords(s)}`,
})

export const models = [flowsListPaths]
