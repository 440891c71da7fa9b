import type { DeliveriesSnapshot } from './webhookDeliveries.machine'
import type { WebhookEndpointSnapshot } from './webhookEndpoint.machine'
import type { WebhookField } from './webhookFields'

/** An endpoint's page: what its views read of the settings chart. */
export const selectEndpoint = (s: WebhookEndpointSnapshot) => s.context.endpoint
export const selectEndpointLoading = (s: WebhookEndpointSnapshot) => s.matches('loading')
export const selectEndpointError = (s: WebhookEndpointSnapshot) =>
  s.matches('unavailable') ? s.context.error : null
/** The page's buttons are on only while nothing else runs. */
export const selectIdle = (s: WebhookEndpointSnapshot) => s.matches('ready')
export const selectCanTest = (s: WebhookEndpointSnapshot) => s.can({ type: 'webhook.test' })
export const selectSwitching = (s: WebhookEndpointSnapshot) => s.matches('switching')
export const selectTesting = (s: WebhookEndpointSnapshot) => s.matches('testing')
export const selectDeleted = (s: WebhookEndpointSnapshot) => s.hasTag('deleted')

export const selectEditOpen = (s: WebhookEndpointSnapshot) => s.hasTag('edit')
export const selectEditBusy = (s: WebhookEndpointSnapshot) => s.matches('saving')
export const selectEditFields = (s: WebhookEndpointSnapshot) => s.context.fields
export const selectCanSave = (s: WebhookEndpointSnapshot) => s.can({ type: 'webhook.save' })
export const selectEditRefusal = (
  s: WebhookEndpointSnapshot,
): { message: string | null; field: WebhookField | null } | null =>
  s.hasTag('edit') && s.hasTag('error')
    ? { message: s.context.error, field: s.context.errorField }
    : null

/** A confirmation ('rotate' or 'delete'): open, busy, its failure, and its buttons. */
export const selectConfirm = (tag: 'rotate' | 'delete') => (s: WebhookEndpointSnapshot) => ({
  open: s.hasTag(tag),
  busy: s.hasTag(tag) && s.hasTag('busy'),
  error: s.hasTag(tag) && s.hasTag('error') ? s.context.error : null,
  canConfirm: s.hasTag(tag) && s.can({ type: 'webhook.confirm' }),
  canCancel: s.hasTag(tag) && s.can({ type: 'webhook.cancel' }),
})
export const selectSecretOpen = (s: WebhookEndpointSnapshot) => s.hasTag('secret')
export const selectSecret = (s: WebhookEndpointSnapshot) => s.context.secret

/** The delivery log: what its views read of its chart. */
export const selectDeliveries = (s: DeliveriesSnapshot) => s.context.deliveries
export const selectLogLoading = (s: DeliveriesSnapshot) => s.matches('loading')
export const selectLogUnavailable = (s: DeliveriesSnapshot) =>
  s.matches('unavailable') ? s.context.error : null
/** A failed read again or of older deliveries: the log stays, the reason shows. */
export const selectLogError = (s: DeliveriesSnapshot) =>
  s.matches('unavailable') ? null : s.context.error
export const selectRefreshing = (s: DeliveriesSnapshot) => s.hasTag('refreshing')
export const selectLogIdle = (s: DeliveriesSnapshot) => s.matches('ready')
export const selectHasMore = (s: DeliveriesSnapshot) => s.context.more
export const selectLoadingOlder = (s: DeliveriesSnapshot) => s.matches('loadingMore')
export const selectCanLoadMore = (s: DeliveriesSnapshot) => s.can({ type: 'deliveries.loadMore' })
export const selectReplaying = (s: DeliveriesSnapshot) => s.matches('replaying')
export const selectOpened = (s: DeliveriesSnapshot) => {
  const id = s.context.openId
  return id ? (s.context.deliveries.find((d) => d.id === id) ?? null) : null
}
export const selectAttempts = (s: DeliveriesSnapshot) => s.context.attempts
export const selectAttemptsError = (s: DeliveriesSnapshot) => s.context.attemptsError
export const selectAttemptsLoading = (s: DeliveriesSnapshot) => s.matches('opening')
