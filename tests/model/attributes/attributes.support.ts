import { createActor, fromCallback } from 'xstate'
import type { AttributeServer } from '../../../src/data/api/attributes'
import type { Watcher } from '../../../src/data/db/attributeKeys'
import type { TreeRef, TreeReport } from '../../../src/areas/attributes/machines/attributeTree.types'

/** The cache as a stubbed watch: the path's steps say what it holds. */
export function stubWatch<T>() {
  const watchers: Watcher<T>[] = []
  return {
    watch: (_id: string, watcher: Watcher<T>) => {
      watchers.push(watcher)
      return () => void watchers.splice(watchers.indexOf(watcher), 1)
    },
    next: (value: T) => watchers.forEach((w) => w.next(value)),
    fail: (error: unknown) => watchers.forEach((w) => w.error(error)),
    get count() {
      return watchers.length
    },
    reset: () => void (watchers.length = 0),
  }
}

/** A stubbed call: a function that records its arguments and waits for the test to settle it. */
type Stub = (name: string) => (...args: unknown[]) => Promise<unknown>

/**
 * The attribute server with every call stubbed by `stub` (profile.support's `server.stub`): the
 * machines' effects are built on it (`…Actors(stubServer(server.stub))`) and handed to the views
 * with `machine.provide()`, so what the cache keeps of the answers stays the real code.
 */
export const stubServer = (stub: Stub): AttributeServer =>
  ({
    saveRecord: stub('saveRecord'),
    reorderChildren: stub('reorderChildren'),
    removeLink: stub('removeLink'),
    uploadAttributeImage: stub('uploadAttributeImage'),
    exportTree: stub('exportTree'),
    importTree: stub('importTree'),
    fetchValues: stub('fetchValues'),
  }) as unknown as AttributeServer

/**
 * A stand-in for the tree a dialog reports to (the dialog's statechart tells it itself): what it
 * was told, in order, and a listener for each report.
 */
export function treeStandIn(onReport: (report: TreeReport) => void = () => {}) {
  const told: TreeReport[] = []
  const tree = createActor(
    fromCallback<TreeReport>(({ receive }) => {
      receive((report) => {
        told.push(report)
        onReport(report)
      })
    }),
  ).start()
  return { tree: tree as unknown as TreeRef, told }
}
