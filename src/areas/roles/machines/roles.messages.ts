import { ACCESS_LIMITS, type Role } from '../../../../schema/access'
import { Permissions, type Permission } from '../../../../schema/permissions'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

const count = (n: number) => n.toLocaleString('en-US')

/** '1 user', '3 users'. */
export const usersWord = (n: number) => `${count(n)} user${n === 1 ? '' : 's'}`

/** How many hold a role, on its row: 'No users', '1 user', '3 users'. */
export const holdersText = (n: number) => (n === 0 ? 'No users' : usersWord(n))

/** Why a built-in role has no Edit or Delete. */
export const BUILT_IN_FIXED = 'Built-in roles cannot be changed; create a custom role instead.'

/**
 * The delete confirmation's words. A role in use says who loses what: '3 users hold this role.
 * They lose its permissions.'
 */
export function deleteWords(role: Pick<Role, 'name' | 'holders'>) {
  const held =
    role.holders === 0
      ? 'No user holds this role.'
      : `${usersWord(role.holders)} ${role.holders === 1 ? 'holds' : 'hold'} this role. They lose its permissions.`
  return { title: `Delete ${role.name}?`, text: `${held} Deleting cannot be undone.` }
}

/** The form of New role and Edit role. */
export type RoleFields = { name: string; description: string; permissions: Permission[] }
export type RoleTextField = 'name' | 'description'

export const emptyRole = (): RoleFields => ({ name: '', description: '', permissions: [] })

/** The permissions in schema/permissions.ts order, so that two sets compare as lists. */
export const ordered = (permissions: readonly Permission[]): Permission[] =>
  Permissions.filter((p) => permissions.includes(p))

export const fieldsOf = (role: Pick<Role, 'name' | 'description' | 'permissions'>): RoleFields => ({
  name: role.name,
  description: role.description,
  permissions: ordered(role.permissions),
})

/** The rules of schema/access.ts's CreateRoleBody, in words, by field. */
export function roleErrors(fields: RoleFields): Partial<Record<RoleTextField, string>> {
  const name = fields.name.trim()
  return {
    name:
      name.length > ACCESS_LIMITS.nameMax
        ? `At most ${ACCESS_LIMITS.nameMax} characters.`
        : // eslint-disable-next-line no-control-regex -- the server refuses control characters
          /[\u0000-\u001f\u007f]/.test(name)
          ? 'No control characters.'
          : undefined,
    description:
      fields.description.trim().length > ACCESS_LIMITS.descriptionMax
        ? `At most ${ACCESS_LIMITS.descriptionMax} characters.`
        : undefined,
  }
}

/** Whether the form can be sent: a name, and nothing the rules refuse. */
export const isSendable = (fields: RoleFields) =>
  fields.name.trim() !== '' && Object.values(roleErrors(fields)).every((error) => !error)

/** What Save sends for an existing role: only what changed (none: nothing to save). */
export function changesOf(before: RoleFields, after: RoleFields): Partial<RoleFields> {
  const changes: Partial<RoleFields> = {}
  if (after.name.trim() !== before.name) changes.name = after.name.trim()
  if (after.description.trim() !== before.description)
    changes.description = after.description.trim()
  if (ordered(after.permissions).join() !== ordered(before.permissions).join())
    changes.permissions = ordered(after.permissions)
  return changes
}

/** The field a refusal is about ('A role with this name exists already.'), else the whole form. */
export const fieldOfMessage = (message: string): RoleTextField | null =>
  /\bname\b/i.test(message) ? 'name' : /\bdescription\b/i.test(message) ? 'description' : null

export const createdNotice = (role: Pick<Role, 'name'>) => succeeded(`${role.name} was created`)
export const savedNotice = (role: Pick<Role, 'name'>) => succeeded(`${role.name} was saved`)
export const deletedNotice = (name: string) => succeeded(`${name} was deleted`)
export const notDeletedNotice = (name: string, reason: string | null) =>
  failed(`${name} was not deleted`, reason)
