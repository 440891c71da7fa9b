import { fromCallback, fromPromise } from 'xstate'
import {
  findServices,
  findUsers,
  watchServiceName,
  watchUserName,
  type PickerMatches,
} from '../../../data/lists/pickers'

/** Which filter of /logs a picker sets: the URL's `actor`, `user` or `service`. */
export type PickerKind = 'actor' | 'user' | 'service'

/** What the name watch tells the picker. */
type Named = { type: 'picker.named'; name: string | null }

type FindInput = { kind: PickerKind; text: string }

/** Users for the actor and user pickers, services for the service picker. */
export const findMatches = fromPromise<PickerMatches, FindInput>(({ input, signal }) =>
  input.kind === 'service'
    ? findServices(input.text, { signal })
    : findUsers(input.text, { signal }),
)

/** Sends 'picker.named' with the filter's name now and after every change in the cache. */
export const watchName = fromCallback<Named, { kind: PickerKind; id: string }>(
  ({ input, sendBack }) => {
    const watcher = {
      next: (name: string | null) => sendBack({ type: 'picker.named', name }),
      // An unreadable cache names nothing: the chip keeps the id's start.
      error: () => sendBack({ type: 'picker.named', name: null }),
    }
    return input.kind === 'service'
      ? watchServiceName(input.id, watcher)
      : watchUserName(input.id, watcher)
  },
)
