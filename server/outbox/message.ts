import type { OutboxChannel } from '../db/schema/outbox'

/** A message as the transports see it (DESIGN.md §3 outbox file format). */
export interface OutboundMessage {
  id: string
  channel: OutboxChannel
  to: string
  subject?: string
  text: string
  html?: string
  createdAt: string
}

/** Delivers one message or throws why it could not. */
export type Transport = (message: OutboundMessage) => Promise<void>
