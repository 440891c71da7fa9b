import type { ListSnapshot } from '../../machines/list.machine'

/** Whether the list takes filter and sort changes now. */
export const selectCanChange = (snapshot: ListSnapshot) =>
  snapshot.can({ type: 'list.filtersChanged', filters: {} })
