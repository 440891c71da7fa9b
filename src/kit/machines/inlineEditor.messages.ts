import { failed, succeeded } from './notification.messages'

type Whose = { subject: string }

/** An inline editor saved its value: 'Your name was saved', 'The service url was saved'. */
export const savedNotice = ({ subject }: Whose) => succeeded(`${subject} was saved`)

/** The server refused the change; the open editor shows the same reason beside its fields. */
export const notSavedNotice = ({ subject }: Whose, reason: string | null) =>
  failed(`${subject} was not saved`, reason)
