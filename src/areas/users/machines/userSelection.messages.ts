import { failed } from '../../../kit/machines/notification.messages'

/** When 'Select all N matching' cannot read the cache. */
export const selectAllFailedNotice = () =>
  failed(
    'The matching users could not be selected',
    'the local cache could not be read. Try Again.',
  )

/** When 'Export CSV' cannot read the cache. */
export const exportFailedNotice = () =>
  failed('users.csv was not exported', 'the local cache could not be read. Try Again.')
