import {
  formatPhone,
  parsePhone,
  validateEmail,
  validatePassword,
  validatePhone,
  validateRequired,
} from '../../../schema/rules'
import type { EmailBody, NameBody, PhoneBody, User } from '../../../schema/user'
import { changeEmail, changePhone, renameUser } from '../../data/api/user'
import { storeUser } from '../../data/db/users'
import type {
  EditorSpec as InlineEditorSpec,
  Fields,
} from './inlineEditor.machine'

export { hasErrors, type Fields } from './inlineEditor.machine'

/** The user fields the Personal Info editors read. */
export type EditedUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'email' | 'phone'>

/** One inline editor of SPEC.md §2 'Profile': its fields, rules and server call. */
export type EditorSpec = InlineEditorSpec<EditedUser> & { key: 'name' | 'email' | 'phone' }

const value = (fields: Fields, field: string) => fields[field] ?? ''
const asTyped = (_field: string, typed: string) => typed

// What every Personal Info editor shares: the record is the signed-in user, kept in the cache.
const self = { isSelf: true, keep: storeUser } as const

export const nameEditor: EditorSpec = {
  ...self,
  key: 'name',
  subject: 'Your name',
  fields: (user) => ({ nameFirst: user.nameFirst, nameLast: user.nameLast }),
  normalize: asTyped,
  errors: (fields) => ({
    nameFirst: validateRequired(value(fields, 'nameFirst')),
    nameLast: validateRequired(value(fields, 'nameLast')),
  }),
  isChanged: (fields, user) =>
    value(fields, 'nameFirst').trim() !== user.nameFirst ||
    value(fields, 'nameLast').trim() !== user.nameLast,
  body: (fields): NameBody => ({
    nameFirst: value(fields, 'nameFirst').trim(),
    nameLast: value(fields, 'nameLast').trim(),
  }),
  send: (id, body, options) => renameUser(id, body as NameBody, options),
}

/** The server asks for the current password before it moves one's own address (DESIGN.md §4). */
export const emailEditor: EditorSpec = {
  ...self,
  key: 'email',
  subject: 'Your email',
  fields: (user) => ({ email: user.email, password: '' }),
  normalize: (field, typed) => (field === 'email' ? typed.toLowerCase() : typed),
  errors: (fields) => ({
    email: validateEmail(value(fields, 'email')),
    password: validatePassword(value(fields, 'password')),
  }),
  isChanged: (fields, user) => value(fields, 'email').trim().toLowerCase() !== user.email,
  body: (fields): EmailBody => ({
    email: value(fields, 'email').trim().toLowerCase(),
    password: value(fields, 'password'),
  }),
  send: (id, body, options) => changeEmail(id, body as EmailBody, options),
}

// The phone as the server keeps it: ten bare digits, or '' for none (an unparsable entry stays as
// typed, so it never equals a stored number).
const phoneDigits = (typed: string) => (typed.trim() === '' ? '' : (parsePhone(typed) ?? typed))

/** The security codes go to the phone, so the server asks for the current password here too. */
export const phoneEditor: EditorSpec = {
  ...self,
  key: 'phone',
  subject: 'Your phone',
  fields: (user) => ({ phone: user.phone ? formatPhone(user.phone) : '', password: '' }),
  normalize: asTyped,
  errors: (fields) => ({
    phone: validatePhone(value(fields, 'phone')),
    password: validatePassword(value(fields, 'password')),
  }),
  isChanged: (fields, user) => phoneDigits(value(fields, 'phone')) !== (user.phone ?? ''),
  body: (fields): PhoneBody => ({
    phone: parsePhone(value(fields, 'phone')) ?? null,
    password: value(fields, 'password'),
  }),
  send: (id, body, options) => changePhone(id, body as PhoneBody, options),
}

/*
 * The same editors for staff editing ANOTHER user (the Users detail): no current password (the
 * server asks it only of people changing their own address or phone), the notices say 'Their …',
 * and the session is not told (the record is not the signed-in user). A new address waits for its
 * owner's confirmation (pendingEmail); the answer keeps the old one until then.
 */
export const staffNameEditor: EditorSpec = { ...nameEditor, isSelf: false, subject: 'Their name' }

export const staffEmailEditor: EditorSpec = {
  ...emailEditor,
  isSelf: false,
  subject: 'Their email',
  fields: (user) => ({ email: user.email }),
  errors: (fields) => ({ email: validateEmail(value(fields, 'email')) }),
  body: (fields): EmailBody => ({ email: value(fields, 'email').trim().toLowerCase() }),
}

export const staffPhoneEditor: EditorSpec = {
  ...phoneEditor,
  isSelf: false,
  subject: 'Their phone',
  fields: (user) => ({ phone: user.phone ? formatPhone(user.phone) : '' }),
  errors: (fields) => ({ phone: validatePhone(value(fields, 'phone')) }),
  body: (fields): PhoneBody => ({ phone: parsePhone(value(fields, 'phone')) ?? null }),
}

/** The Personal Info editors for the signed-in user (`isSelf`) or for someone else. */
export const personalEditors = (isSelf: boolean) =>
  isSelf
    ? { name: nameEditor, email: emailEditor, phone: phoneEditor }
    : { name: staffNameEditor, email: staffEmailEditor, phone: staffPhoneEditor }
