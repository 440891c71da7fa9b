import { UrlResults, VISAGE_FIELD } from '../../../schema/files'
import { UserResults, type User } from '../../../schema/user'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

const visagePath = (id: string) => `user/${encodeURIComponent(id)}/visage`

/**
 * Uploads a new visage (the person's profile image) as multipart with the one file field `visage`.
 * The body is FormData, so ky sends no JSON content type and the browser writes the boundary.
 * The server refuses more than 5 MB (413) and anything but PNG, JPEG, WebP or GIF (415).
 */
export async function uploadVisage(id: string, file: Blob, { signal }: Options = {}): Promise<User> {
  const body = new FormData()
  body.append(VISAGE_FIELD, file, file instanceof File ? file.name : 'visage')
  return (await callFor(UserResults, () => http.post(visagePath(id), { body, signal }))).user
}

/** Removes the visage; the answer's user has `visage: null`. */
export async function deleteVisage(id: string, { signal }: Options = {}): Promise<User> {
  return (await callFor(UserResults, () => http.delete(visagePath(id), { signal }))).user
}

/** A short-lived signed same-origin URL of the visage, usable as an image source; 404 when none. */
export async function fetchVisageUrl(id: string, { signal }: Options = {}): Promise<string> {
  return (await callFor(UrlResults, () => http.get(`${visagePath(id)}/url`, { signal }))).url
}
