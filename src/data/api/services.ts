import { UrlResults } from '../../../schema/files'
import {
  LOGO_FIELD,
  ServiceResults,
  type LogoSize,
  type Service,
  type ServiceChange,
  type ServiceField,
} from '../../../schema/service'
import {
  SecretCreatedResults,
  SecretListResults,
  type CreateSecretBody,
  type ServiceSecret,
} from '../../../schema/service-secret'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

/** What the New Service form sends (SPEC.md §7 'POST /service'). */
export type NewService = Pick<
  Service,
  'key' | 'name' | 'description' | 'url' | 'accessTokenTimeout' | 'refreshTokenTimeout'
>

const servicePath = (id: string) => `service/${encodeURIComponent(id)}`

/** Registers a service; the answer's id is where the console goes next. 409 when the key is taken. */
export async function createService(service: NewService, { signal }: Options = {}) {
  return (await callFor(ServiceResults, () => http.post('service', { json: service, signal })))
    .service
}

/**
 * Changes one field of a service: `PUT /service/{id}/{field}` with that one field in the body.
 * The server refuses a taken key (409), a value its rules refuse (422) and edits of a deleted
 * service (409), each with a message to show beside the field.
 */
export async function updateServiceField<F extends ServiceField>(
  id: string,
  field: F,
  value: ServiceChange[F],
  { signal }: Options = {},
): Promise<Service> {
  const json = { [field]: value }
  return (
    await callFor(ServiceResults, () => http.put(`${servicePath(id)}/${field}`, { json, signal }))
  ).service
}

export const renameService = (id: string, name: string, options?: Options) =>
  updateServiceField(id, 'name', name, options)

/**
 * Marks a service as needing a second factor at every sign-in into it, as if it asked
 * acr_values=mfa (docs/sso.md), or lifts that: PUT /v1/service/{id}/requireMfa.
 */
export const requireSecondFactor = (id: string, requireMfa: boolean, options?: Options) =>
  updateServiceField(id, 'requireMfa', requireMfa, options)

/** Soft delete: the service stays, marked deleted, until it is restored. */
export async function deleteService(id: string, { signal }: Options = {}): Promise<Service> {
  return (await callFor(ServiceResults, () => http.delete(servicePath(id), { signal }))).service
}

export async function restoreService(id: string, { signal }: Options = {}): Promise<Service> {
  return (await callFor(ServiceResults, () => http.put(`${servicePath(id)}/restore`, { signal })))
    .service
}

/**
 * Gives a service a logo: multipart with the one file field `logo`. The body is FormData, so the
 * browser writes the boundary. The server refuses more than 5 MB (413) and non-images (415, 422).
 */
export async function uploadServiceLogo(
  id: string,
  file: Blob,
  { signal }: Options = {},
): Promise<Service> {
  const body = new FormData()
  body.append(LOGO_FIELD, file, file instanceof File ? file.name : 'logo')
  return (
    await callFor(ServiceResults, () => http.post(`${servicePath(id)}/logo`, { body, signal }))
  ).service
}

/** Removes the logo; the answer's service has `hasLogo: false`. */
export async function removeServiceLogo(id: string, { signal }: Options = {}): Promise<Service> {
  return (await callFor(ServiceResults, () => http.delete(`${servicePath(id)}/logo`, { signal })))
    .service
}

/** A short-lived signed same-origin URL of the logo in one size, usable as an image source. */
export async function fetchServiceLogoUrl(
  id: string,
  size: LogoSize = 'large',
  { signal }: Options = {},
): Promise<string> {
  return (
    await callFor(UrlResults, () => http.get(`${servicePath(id)}/logo/${size}`, { signal }))
  ).url
}

/** The live client secrets of a confidential service (services.write); never their values. */
export async function listServiceSecrets(
  id: string,
  { signal }: Options = {},
): Promise<ServiceSecret[]> {
  return (await callFor(SecretListResults, () => http.get(`${servicePath(id)}/secrets`, { signal })))
    .secrets
}

/** A new secret, answered this once; the secrets live until now expire `overlapHours` later. */
export function createServiceSecret(
  id: string,
  body: CreateSecretBody,
  { signal }: Options = {},
): Promise<{ secret: ServiceSecret; value: string }> {
  return callFor(SecretCreatedResults, () =>
    http.post(`${servicePath(id)}/secrets`, { json: body, signal }),
  )
}

/** Revokes one secret at once; answers the secrets still live. */
export async function revokeServiceSecret(
  id: string,
  secretId: string,
  { signal }: Options = {},
): Promise<ServiceSecret[]> {
  const path = `${servicePath(id)}/secrets/${encodeURIComponent(secretId)}`
  return (await callFor(SecretListResults, () => http.delete(path, { signal }))).secrets
}
