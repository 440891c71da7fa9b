import type { QueueListSnapshot } from './queueList.machine'

/** The Queue screen: what its view reads of the machine (tags, context, can, state). */
export const selectFilter = (s: QueueListSnapshot) => s.context.filter
export const selectMessages = (s: QueueListSnapshot) => s.context.messages
export const selectAttention = (s: QueueListSnapshot) => s.context.attention
export const selectLoading = (s: QueueListSnapshot) => s.matches('loading')
export const selectFailed = (s: QueueListSnapshot) => s.matches('failed')
export const selectError = (s: QueueListSnapshot) => s.context.error
export const selectHasMore = (s: QueueListSnapshot) => s.context.cursor !== null
export const selectLoadingMore = (s: QueueListSnapshot) => s.matches('loadingMore')
export const selectCanLoadMore = (s: QueueListSnapshot) => s.can({ type: 'queue.loadMore' })
export const selectActing = (s: QueueListSnapshot) => s.hasTag('acting') || s.matches('confirming')
export const selectRefreshing = (s: QueueListSnapshot) => s.hasTag('refreshing')
export const selectRequest = (s: QueueListSnapshot) => s.context.request
export const selectDialogOpen = (s: QueueListSnapshot) =>
  s.context.request !== null &&
  s.context.request.action !== 'retry' &&
  (s.matches('confirming') || s.matches('acting'))
export const selectActingNow = (s: QueueListSnapshot) => s.matches('acting')
export const selectSelected = (s: QueueListSnapshot) => s.context.selected
