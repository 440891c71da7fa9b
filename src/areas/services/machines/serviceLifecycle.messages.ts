import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The notices of a delete or a restore (SPEC.md §4 'Notifications'), naming the service. */
export const deletedNotice = (name: string) => succeeded(`${name} was deleted`)
export const notDeletedNotice = (name: string, reason: string | null) =>
  failed(`${name} was not deleted`, reason)
export const restoredNotice = (name: string) => succeeded(`${name} was restored`)
export const notRestoredNotice = (name: string, reason: string | null) =>
  failed(`${name} was not restored`, reason)
