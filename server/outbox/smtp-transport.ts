import nodemailer from 'nodemailer'
import type { OutboundMessage, Transport } from './message'

/** Email through the SMTP server of SMTP_URL. */
export function smtpTransport(smtpUrl: string, from: string): Transport & { close(): void } {
  const mailer = nodemailer.createTransport(smtpUrl)
  const send = async (message: OutboundMessage) => {
    await mailer.sendMail({
      from,
      to: message.to,
      subject: message.subject ?? 'Gatehouse',
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    })
  }
  return Object.assign(send, { close: () => mailer.close() })
}
