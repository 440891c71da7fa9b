import { fromCallback, fromPromise } from 'xstate'
import type { AttributeValue } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { watchDemoRows } from '../../../data/db/attributeDemo'
import type { DemoRows } from './treeDemo.walk'

/** An answer not yet stored: the question, its key, the value, and the stored row when there is one. */
export type PendingAnswer = {
  associationId: string
  attributeKeyId: string
  value: string
  valueId: string | undefined
}

export type SavedAnswer = { associationId: string; value: string; valueId: string }

/** What the answers are worked out from: the tree, the answers shown and those not stored yet. */
type Answers = {
  rows: DemoRows | null
  answers: Record<string, string>
  valueIds: Record<string, string>
  pending: string[]
}

/** The pending questions a save leaves: those changed again since their value was sent. */
export function stillPending(context: Answers, saved: SavedAnswer[]): string[] {
  const stored = new Set(
    saved
      .filter((answer) => context.answers[answer.associationId] === answer.value)
      .map((answer) => answer.associationId),
  )
  return context.pending.filter((id) => !stored.has(id))
}

/** The key a question (an association of the tree) asks. */
export const keyOfQuestion = (context: Pick<Answers, 'rows'>, associationId: string) =>
  context.rows?.associations.find((association) => association.id === associationId)?.attributeKeyId

/** The pending answers whose question is still in the cache, ready to store. */
export const pendingAnswers = (context: Answers): PendingAnswer[] =>
  context.pending.flatMap((associationId) => {
    const attributeKeyId = keyOfQuestion(context, associationId)
    const value = context.answers[associationId]
    if (!attributeKeyId || value === undefined) return []
    return [{ associationId, attributeKeyId, value, valueId: context.valueIds[associationId] }]
  })

/** What the demo's statechart hears from the cache. */
export type RowsEvent =
  { type: 'rows.loaded'; rows: DemoRows } | { type: 'rows.failed'; error: unknown }

/**
 * The demo's effects: the tree followed in the cache, and the respondent's answers read and
 * stored asking `server` (a test builds them on a stub).
 */
export const treeDemoActors = (server: AttributeServer = attributeServer) => ({
  watchRows: fromCallback<RowsEvent>(({ sendBack }) =>
    watchDemoRows({
      next: (rows) => sendBack({ type: 'rows.loaded', rows }),
      error: (error) => sendBack({ type: 'rows.failed', error }),
    }),
  ),
  loadAnswers: fromPromise<AttributeValue[], { refId: string }>(({ input, signal }) =>
    server.fetchValues(input.refId, { signal }),
  ),
  /**
   * Stores each pending answer as an AttributeValue against the reference id: updated when it has
   * a stored row, created otherwise. One at a time, in order, so a failure names what is unsaved.
   */
  saveAnswers: fromPromise<SavedAnswer[], { refId: string; answers: PendingAnswer[] }>(
    async ({ input, signal }) => {
      const saved: SavedAnswer[] = []
      for (const answer of input.answers) {
        const row = await server.saveRecord(
          'AttributeValue',
          {
            refId: input.refId,
            attributeKeyId: answer.attributeKeyId,
            attributeKeyAssociationId: answer.associationId,
            value: answer.value,
          },
          answer.valueId ?? null,
          { signal },
        )
        saved.push({ associationId: answer.associationId, value: answer.value, valueId: row.id })
      }
      return saved
    },
  ),
})
