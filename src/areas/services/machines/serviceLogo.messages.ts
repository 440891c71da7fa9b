import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** A service logo's notifications (SPEC.md §4 'Service logo'), with the server's reason. */
export const logoNotices = {
  uploaded: succeeded('The logo was uploaded'),
  notUploaded: (reason: string | null) => failed('The logo was not uploaded', reason),
  removed: succeeded('The logo was removed'),
  notRemoved: (reason: string | null) => failed('The logo was not removed', reason),
}
