import { ACCESS_LIMITS, ACCESS_MESSAGES, type Group } from '../../../../schema/access'
import type { MembersChangeResults } from '../../../../schema/access'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** '3 members', '1 member'. */
export const membersText = (n: number) => count(n, 'member', 'members')
export const usersText = (n: number) => count(n, 'user', 'users')

/** The group form's fields. */
export type GroupFields = { name: string; description: string }
export type GroupField = keyof GroupFields

/** What the rules say of the form, by field (nothing when it is fine). */
export function groupFieldErrors(fields: GroupFields): Partial<Record<GroupField, string>> {
  const errors: Partial<Record<GroupField, string>> = {}
  if (fields.name.trim().length > ACCESS_LIMITS.nameMax)
    errors.name = `At most ${ACCESS_LIMITS.nameMax} characters.`
  if (fields.description.trim().length > ACCESS_LIMITS.descriptionMax)
    errors.description = `At most ${ACCESS_LIMITS.descriptionMax} characters.`
  return errors
}

/** Save is on with a name and nothing too long. */
export const canSaveGroup = (fields: GroupFields) =>
  fields.name.trim() !== '' && Object.keys(groupFieldErrors(fields)).length === 0

/** The field a refusal is about: a taken name shows under Name, the rest under the form. */
export const fieldOfRefusal = (message: string): GroupField | null =>
  message === ACCESS_MESSAGES.groupNameTaken ? 'name' : null

export const createdNotice = (group: Group) => succeeded(`${group.name} was created.`)
export const savedNotice = (group: Group) => succeeded(`${group.name} was saved.`)
export const notSavedNotice = (creating: boolean, reason: string | null) =>
  failed(creating ? 'The group was not created' : 'The group was not saved', reason)

/** The delete confirmation's words, naming how many members lose the group. */
export const deleteTitle = (group: Group | null) => `Delete ${group?.name ?? 'the group'}?`
export const deleteText = (group: Group | null) => {
  const n = group?.members ?? 0
  const who =
    n === 0
      ? 'It has no members.'
      : `Its ${membersText(n)} stay users but leave the group, and roles given for it end.`
  return `${who} This cannot be undone.`
}
export const deletedNotice = (group: Group) => succeeded(`${group.name} was deleted.`)
export const notDeletedNotice = (reason: string | null) =>
  failed('The group was not deleted', reason)

/** 'Added 2 users to Pharmacy staff.', and what was refused: '1 refused: already a member.' */
export const addedNotice = (results: MembersChangeResults) =>
  results.changed.length > 0 || results.refused.length === 0
    ? succeeded(`Added ${usersText(results.changed.length)} to ${results.group.name}.`)
    : null
export const refusedNotice = (results: MembersChangeResults) => {
  if (results.refused.length === 0) return null
  const reasons = [...new Set(results.refused.map((item) => item.reason))]
  return failed(`${results.refused.length} refused: ${reasons.join('; ')}.`)
}
export const notAddedNotice = (reason: string | null) => failed('No members were added', reason)

export const removedNotice = (name: string, results: MembersChangeResults) =>
  results.changed.length > 0
    ? succeeded(`Removed ${name} from ${results.group.name}.`)
    : refusedNotice(results)
export const notRemovedNotice = (name: string, reason: string | null) =>
  failed(`${name} was not removed`, reason)
