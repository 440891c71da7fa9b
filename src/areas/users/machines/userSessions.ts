import { fromPromise } from 'xstate'
import { defaultListOptions, type ListOptions } from '../../../data/lists/options'
import { listMachine } from '../../../kit/machines/list.machine'

/**
 * The list chart over one user's sessions (the Users detail's Sessions section): the Sessions
 * list's own machine, its options fixed to `filters.userId` and never kept, so the Sessions page's
 * own sort and search stay as they were.
 */
export const userSessionsList = (userId: string) =>
  listMachine.provide({
    actors: {
      restoreOptions: fromPromise<ListOptions, { type: 'sessions' }>(() => {
        const options = defaultListOptions('sessions')
        return Promise.resolve({ ...options, filters: { ...options.filters, userId } })
      }) as never,
    },
    actions: { persistOptions: () => undefined },
  })
