import type { Config } from '../config'
import type { Transports } from './delivery'
import { logTransport } from './log-transport'
import { smsWebhookTransport } from './sms-transport'
import { smtpTransport } from './smtp-transport'
import { deliverWebhook } from './webhook-delivery'

/** The transports the configuration asks for; the admin command delivers through them too. */
export function transportsFor(
  config: Config,
  print: (text: string) => void,
  wake: (ms: number) => void = () => {},
) {
  const log = logTransport(config.dataDir, print)
  const smtp = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined
  const transports: Transports = {
    email: smtp ?? log,
    sms: config.smsWebhookUrl ? smsWebhookTransport(config.smsWebhookUrl) : log,
    webhook: (db, row) =>
      deliverWebhook(db, row, {
        allowPrivate: config.webhookPrivateTargets === true,
        publicUrl: config.publicUrl,
        wake,
      }),
  }
  return { transports, close: () => smtp?.close() }
}
