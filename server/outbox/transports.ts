import type { Config } from '../config'
import type { Transports } from './delivery'
import { logTransport } from './log-transport'
import { smsWebhookTransport } from './sms-transport'
import { smtpTransport } from './smtp-transport'

/** The transports the configuration asks for; the admin command delivers through them too. */
export function transportsFor(config: Config, print: (text: string) => void) {
  const log = logTransport(config.dataDir, print)
  const smtp = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined
  const transports: Transports = {
    email: smtp ?? log,
    sms: config.smsWebhookUrl ? smsWebhookTransport(config.smsWebhookUrl) : log,
  }
  return { transports, close: () => smtp?.close() }
}
