import type { ServiceSecretsSnapshot } from './serviceSecrets.machine'

/** A service's secrets: what its view reads of the machine (tags, context, can, state). */
export const selectSecrets = (s: ServiceSecretsSnapshot) => s.context.secrets
export const selectName = (s: ServiceSecretsSnapshot) => s.context.name
export const selectOverlap = (s: ServiceSecretsSnapshot) => s.context.overlapHours
export const selectCreated = (s: ServiceSecretsSnapshot) => s.context.created
export const selectRevoking = (s: ServiceSecretsSnapshot) => s.context.revoking
export const selectError = (s: ServiceSecretsSnapshot) =>
  s.hasTag('error') ? s.context.error : null
export const selectBusy = (s: ServiceSecretsSnapshot) => s.hasTag('busy')
export const selectUnavailable = (s: ServiceSecretsSnapshot) => s.matches('unavailable')
export const selectConfirming = (s: ServiceSecretsSnapshot) =>
  s.matches('confirmingRevoke') || s.matches('revoking')
export const selectCanGenerate = (s: ServiceSecretsSnapshot) => s.can({ type: 'secrets.generate' })
export const selectCanConfirm = (s: ServiceSecretsSnapshot) => s.can({ type: 'secrets.confirm' })
export const selectCanCancel = (s: ServiceSecretsSnapshot) => s.can({ type: 'secrets.cancel' })
