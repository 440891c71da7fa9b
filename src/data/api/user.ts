import {
  UserResults,
  type EmailBody,
  type MfaBody,
  type NameBody,
  type PhoneBody,
  type User,
} from '../../../schema/user'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

// The profile screens (a later issue) call these; each answers the updated user.
const put = async (path: string, json: object, signal?: AbortSignal): Promise<User> =>
  (await callFor(UserResults, () => http.put(path, { json, signal }))).user

export const renameUser = (id: string, body: NameBody, { signal }: Options = {}) =>
  put(`user/${encodeURIComponent(id)}/name`, body, signal)

export const changeEmail = (id: string, body: EmailBody, { signal }: Options = {}) =>
  put(`user/${encodeURIComponent(id)}/email`, body, signal)

export const changePhone = (id: string, body: PhoneBody, { signal }: Options = {}) =>
  put(`user/${encodeURIComponent(id)}/phone`, body, signal)

export const setTwoFactor = (id: string, body: MfaBody, { signal }: Options = {}) =>
  put(`user/${encodeURIComponent(id)}/mfa`, body, signal)
