import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../../../schema/webhooks'

/** The webhooks charts' fixtures: two endpoints, a new one and its secret, a delivery log. */
export const ENDPOINT_ID = '0194c000-0000-7000-8000-0000000000e1'

export const anEndpoint = (changes: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  url: 'https://billing.example.com/hooks/gatehouse',
  description: 'Billing system',
  events: ['user.created', 'account.disabled', 'account.enabled'],
  enabled: true,
  disabledReason: null,
  secretHint: 'whsec_Qm9…',
  rotation: null,
  ownerId: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60',
  ownerName: 'Ada Lovelace',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lastDelivery: { status: 'sent', at: '2026-03-02T04:00:00.000Z', code: 200 },
  ...changes,
})

export const billingEndpoint = anEndpoint()
/** One the server disabled after a day of failures. */
export const failingEndpoint = anEndpoint({
  id: '0194c000-0000-7000-8000-0000000000e0',
  url: 'https://crm.example.com/webhook',
  description: '',
  events: ['*'],
  enabled: false,
  disabledReason: 'failing',
  createdAt: '2026-02-01T10:00:00.000Z',
  lastDelivery: { status: 'given_up', at: '2026-02-20T10:00:00.000Z', code: 503 },
})
/** What Add endpoint makes, and its secret. */
export const createdEndpoint = anEndpoint({
  id: '0194c000-0000-7000-8000-0000000000e2',
  url: 'https://audit.example.com/in',
  description: 'Audit archive',
  events: ['*'],
  createdAt: '2026-03-06T10:00:00.000Z',
  lastDelivery: null,
})
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqXTEn4ZmlhwwRzMcmnNNe3SpcTzjrCzs8='
export const ROTATED_SECRET = 'whsec_c2Vjb25kIHNlY3JldCBmb3IgdGhlIGJpbGxpbmcgc3lzdGVt'
export const ROTATION_UNTIL = '2026-03-07T10:00:00.000Z'
export const CREATED_URL = createdEndpoint.url

/** The billing endpoint as Edit saves it, disabled, and rotated. */
export const savedEndpoint = { ...billingEndpoint, description: 'Billing', events: ['*'] }
export const disabledEndpoint = {
  ...billingEndpoint,
  enabled: false,
  disabledReason: 'staff' as const,
}
export const rotatedEndpoint = {
  ...billingEndpoint,
  secretHint: 'whsec_c2V…',
  rotation: { until: ROTATION_UNTIL },
}

export const aDelivery = (changes: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '0194c000-0000-7000-8000-0000000000d1',
  endpointId: ENDPOINT_ID,
  eventId: 'msg_2a1b3c4d5e6f',
  eventType: 'user.created',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-03-02T03:59:59.000Z',
  sentAt: '2026-03-02T04:00:00.000Z',
  lastCode: 200,
  lastDurationMs: 87,
  lastError: null,
  responseExcerpt: 'ok',
  ...changes,
})

/** A delivery sent, one failed and retrying, an older page, and a replay. */
export const sentDelivery = aDelivery()
export const retryingDelivery = aDelivery({
  id: '0194c000-0000-7000-8000-0000000000d2',
  eventId: 'msg_9f8e7d6c5b4a',
  eventType: 'account.disabled',
  status: 'failed',
  attempts: 1,
  nextAttemptAt: '2026-03-02T04:05:00.000Z',
  createdAt: '2026-03-02T04:01:00.000Z',
  sentAt: null,
  lastCode: 500,
  lastDurationMs: 120,
  lastError: 'The endpoint answered 500.',
  responseExcerpt: 'Internal Server Error',
})
export const retriedDelivery = {
  ...retryingDelivery,
  status: 'sent' as const,
  attempts: 2,
  nextAttemptAt: null,
  sentAt: '2026-03-02T04:05:01.000Z',
  lastCode: 200,
  lastDurationMs: 64,
  lastError: null,
  responseExcerpt: 'ok',
}
export const olderDelivery = aDelivery({
  id: '0194c000-0000-7000-8000-0000000000d0',
  eventId: 'msg_0011223344',
  eventType: 'account.enabled',
  createdAt: '2026-03-01T12:00:00.000Z',
  sentAt: '2026-03-01T12:00:01.000Z',
})
export const replayedDelivery = aDelivery({
  id: '0194c000-0000-7000-8000-0000000000d3',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: '2026-03-02T04:10:00.000Z',
  createdAt: '2026-03-02T04:10:00.000Z',
  sentAt: null,
  lastCode: null,
  lastDurationMs: null,
  responseExcerpt: null,
})
export const retryingAttempts: WebhookAttempt[] = [
  {
    at: '2026-03-02T04:01:00.000Z',
    code: 500,
    durationMs: 120,
    error: 'The endpoint answered 500.',
    responseExcerpt: 'Internal Server Error',
  },
]
