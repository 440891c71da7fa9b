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

/** The values of an open editor's inputs, by field name. */
export type Fields = Record<string, string>

/** The user fields the Personal Info editors read. */
export type EditedUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'email' | 'phone'>

/** What makes one inline editor of SPEC.md §2 'Profile': its fields, rules and server call. */
export type EditorSpec = {
  key: 'name' | 'email' | 'phone'
  /** The inputs' values when the editor opens. */
  fields: (user: EditedUser) => Fields
  /** How a typed value is kept (emails are lowercased as typed, SPEC.md §5). */
  normalize: (field: string, value: string) => string
  /** Each field's message, or undefined when it passes (SPEC.md §5). */
  errors: (fields: Fields) => Partial<Record<string, string>>
  /** Whether saving would change anything. */
  isChanged: (fields: Fields, user: EditedUser) => boolean
  save: (user: EditedUser, fields: Fields, signal: AbortSignal) => Promise<User>
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
    renameUser(
      user.id,
      { nameFirst: value(fields, 'nameFirst').trim(), nameLast: value(fields, 'nameLast').trim() },
      { signal },
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
    changeEmail(
      user.id,
      { email: value(fields, 'email').trim().toLowerCase(), password: value(fields, 'password') },
      { signal },
    ),
}

// The phone as the server keeps it: ten bare digits, or '' for none (an unparsable entry stays as
// typed, so it never equals a stored number).
const phoneDigits = (typed: string) => (typed.trim() === '' ? '' : (parsePhone(typed) ?? typed))

export const phoneEditor: EditorSpec = {
  key: 'phone',
  fields: (user) => ({ phone: user.phone ? formatPhone(user.phone) : '' }),
  normalize: asTyped,
  errors: (fields) => ({ phone: validatePhone(value(fields, 'phone')) }),
  isChanged: (fields, user) => phoneDigits(value(fields, 'phone')) !== (user.phone ?? ''),
  save: (user, fields, signal) =>
    changePhone(user.id, { phone: parsePhone(value(fields, 'phone')) ?? null }, { signal }),
}

export const hasErrors = (errors: Partial<Record<string, string>>) =>
  Object.values(errors).some((message) => message !== undefined)
