import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { OutboundMessage, Transport } from './message'

/**
 * The transport used when no SMTP server or SMS gateway is configured: the message is printed and
 * written to DATA_DIR/outbox/<ISO time>-<channel>-<id>.json, where people and tests can read it.
 */
export function logTransport(dataDir: string, print: (text: string) => void): Transport {
  const dir = path.join(dataDir, 'outbox')
  return async (message: OutboundMessage) => {
    await mkdir(dir, { recursive: true })
    const file = path.join(dir, `${message.createdAt}-${message.channel}-${message.id}.json`)
    // Written aside and renamed, so a reader polling the folder never sees half a file.
    await writeFile(`${file}.partial`, `${JSON.stringify(message, null, 2)}\n`)
    await rename(`${file}.partial`, file)
    const subject = message.subject ? ` "${message.subject}"` : ''
    print(`[outbox] ${message.channel} to ${message.to}${subject}: ${message.text}\n`)
  }
}
