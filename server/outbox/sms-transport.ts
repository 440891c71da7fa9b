import type { OutboundMessage, Transport } from './message'

const TIMEOUT_MS = 10_000

/** SMS through a gateway that takes POST {to, text} as JSON; anything but 2xx is a failure. */
export function smsWebhookTransport(url: string): Transport {
  return async (message: OutboundMessage) => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!answer.ok) throw new Error(`SMS gateway answered ${answer.status} ${answer.statusText}`)
  }
}
