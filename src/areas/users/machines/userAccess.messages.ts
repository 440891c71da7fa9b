import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The Access section's notices, naming the user: 'The access of Ada Lovelace was saved'. */
export const accessSavedNotice = (name: string) => succeeded(`The access of ${name} was saved`)
export const accessNotSavedNotice = (name: string, reason: string | null) =>
  failed(`The access of ${name} was not saved`, reason)
