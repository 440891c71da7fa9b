import {
  formatPhone,
  parsePhone,
  validateEmail,
  validatePassword,
  validatePhone,
  validateRequired,
} from '../../schema/rules'
import type { User } from '../../schema/user'
import { changeEmail, changePhone, renameUser } from '../data/api/user'
import { storeUser } from '../data/db/users'
import type { EditorSpec as InlineEditorSpec, Fields } from './inlineEditor.machine'

export { hasErrors, type Fields } from './inlineEditor.machine'

/** The user fields the Personal Info editors read. */
export type EditedUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'email' | 'phone'>

/** One inline editor of SPEC.md §2 'Profile': its fields, rules and server call. */
export type EditorSpec = InlineEditorSpec<EditedUser> & { key: 'name' | 'email' | 'phone' }

/**
 * SPEC.md §7: results.user is stored in the cache. The server has the change and the sync's pull
 * would bring it anyway, so a cache that cannot be written must not turn a save into a failure.
 */
async function kept(saving: Promise<User>): Promise<User> {
  const user = await saving
  await storeUser(user).catch(() => undefined)
  return user
}

const value = (fields: Fields, field: string) => fields[field] ?? ''
const asTyped = (_field: string, typed: string) => typed

export const nameEditor: EditorSpec = {
  key: 'name',
  fields: (user) => ({ nameFirst: user.nameFirst, nameLast: user.nameLast }),
  normalize: asTyped,
  errors: (fields) => ({
    nameFirst: validateRequired(value(fields, 'nameFirst')),
    nameLast: validateRequired(value(fields, 'nameLast')),
  }),
  isChanged: (fields, user) =>
    value(fields, 'nameFirst').trim() !== user.nameFirst ||
    value(fields, 'nameLast').trim() !== user.nameLast,
  save: (user, fields, signal) =>
    kept(
      renameUser(
        user.id,
        {
          nameFirst: value(fields, 'nameFirst').trim(),
          nameLast: value(fields, 'nameLast').trim(),
        },
        { signal },
      ),
    ),
}

/** The server asks for the current password before it moves one's own address (DESIGN.md §4). */
export const emailEditor: EditorSpec = {
  key: 'email',
  fields: (user) => ({ email: user.email, password: '' }),
  normalize: (field, typed) => (field === 'email' ? typed.toLowerCase() : typed),
  errors: (fields) => ({
    email: validateEmail(value(fields, 'email')),
    password: validatePassword(value(fields, 'password')),
  }),
  isChanged: (fields, user) => value(fields, 'email').trim().toLowerCase() !== user.email,
  save: (user, fields, signal) =>
    kept(
      changeEmail(
        user.id,
        { email: value(fields, 'email').trim().toLowerCase(), password: value(fields, 'password') },
        { signal },
      ),
    ),
}

// The phone as the server keeps it: ten bare digits, or '' for none (an unparsable entry stays as
// typed, so it never equals a stored number).
const phoneDigits = (typed: string) => (typed.trim() === '' ? '' : (parsePhone(typed) ?? typed))

/** The security codes go to the phone, so the server asks for the current password here too. */
export const phoneEditor: EditorSpec = {
  key: 'phone',
  fields: (user) => ({ phone: user.phone ? formatPhone(user.phone) : '', password: '' }),
  normalize: asTyped,
  errors: (fields) => ({
    phone: validatePhone(value(fields, 'phone')),
    password: validatePassword(value(fields, 'password')),
  }),
  isChanged: (fields, user) => phoneDigits(value(fields, 'phone')) !== (user.phone ?? ''),
  save: (user, fields, signal) =>
    kept(
      changePhone(
        user.id,
        { phone: parsePhone(value(fields, 'phone')) ?? null, password: value(fields, 'password') },
        { signal },
      ),
    ),
}
