import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The visage's notifications (SPEC.md §4 'Visage'), with the server's reason on a failure. */
export const visageNotices = {
  uploaded: succeeded('Your visage was uploaded'),
  notUploaded: (reason: string | null) => failed('Your visage was not uploaded', reason),
  deleted: succeeded('Your visage was deleted'),
  notDeleted: (reason: string | null) => failed('Your visage was not deleted', reason),
}

/** The 2FA switch's notifications; a wrong password stays in the dialog instead. */
export const twoFactorNotices = {
  on: succeeded('2 Factor Auth is on'),
  notOn: (reason: string | null) => failed('2 Factor Auth was not turned on', reason),
  off: succeeded('2 Factor Auth is off'),
  notOff: (reason: string | null) => failed('2 Factor Auth was not turned off', reason),
}
