import { shownName } from './attributeTree.messages'
import type { NotificationItem } from '../../../kit/machines/notification.machine'

/** A trunk or branch renamed: the new name shows everywhere the key is linked (SPEC.md §4). */
export const renamedNotice = (name: string): NotificationItem => ({
  message: `${shownName(name)} was saved`,
  variant: 'success',
})
