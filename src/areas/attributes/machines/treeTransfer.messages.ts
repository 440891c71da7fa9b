import { shownName } from './attributeTree.messages'
import type { NotificationItem } from '../../../kit/machines/notification.machine'

/** SPEC.md §4 'Notifications': how an export or an import ended. */
export const exportedNotice = (name: string | undefined): NotificationItem => ({
  message: `${shownName(name)} was exported`,
  variant: 'success',
})

export const exportFailedNotice = (reason: string | null): NotificationItem => ({
  message: `The export failed: ${reason ?? ''}`,
  variant: 'error',
})

export const importedNotice: NotificationItem = {
  message: 'The tree was imported',
  variant: 'success',
}

export const importFailedNotice = (reason: string | null): NotificationItem => ({
  message: `The import failed: ${reason ?? ''}`,
  variant: 'error',
})
