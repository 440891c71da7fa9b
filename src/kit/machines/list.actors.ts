import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { ListType } from '../../data/lists/listTypes'
import { listTable } from '../../data/lists/listSource'
import { loadListOptions, type ListOptions } from '../../data/lists/options'
import { readFirstPage, type FirstPage } from '../../data/lists/readFirstPage'
import { readPage, type Page, type PageKey } from '../../data/lists/readPage'
import { watchTable } from '../../data/lists/watchTable'

type FirstPageInput = { type: ListType; options: ListOptions; limit: number }
type NextPageInput = { type: ListType; options: ListOptions; after: PageKey | null }

/** The list statechart's effects, each swappable with `listMachine.provide({ actors })`. */
export const restoreOptions = fromPromise<ListOptions, { type: ListType }>(({ input }) =>
  Promise.resolve(loadListOptions(input.type)),
)

export const loadFirstPage = fromPromise<FirstPage, FirstPageInput>(({ input }) =>
  readFirstPage(listTable(input.type), input.type, input.options, input.limit),
)

export const loadNextPage = fromPromise<Page, NextPageInput>(({ input }) =>
  readPage(listTable(input.type), input.type, input.options, input.after),
)

/** Sends 'list.changed' whenever the list's table changes (sync batches, edits, other tabs). */
export const watchChanges = fromCallback<EventObject, { type: ListType }>(({ input, sendBack }) => {
  const changed = () => sendBack({ type: 'list.changed' })
  // A broken watch re-reads the list, which then shows the cache's error if it persists.
  return watchTable(listTable(input.type) as never, changed, changed)
})
