/**
 * A recipient as the Queue shows it (docs/queue.md): enough to recognise, not enough to harvest.
 * 'ada@example.com' → 'a***@example.com'; '5551234567' → '******4567'.
 */
export function maskRecipient(channel: 'email' | 'sms' | 'webhook', to: string): string {
  if (channel === 'webhook') return webhookOrigin(to)
  if (channel === 'sms') return `${'*'.repeat(Math.max(0, to.length - 4))}${to.slice(-4)}`
  const at = to.lastIndexOf('@')
  if (at < 1) return '***'
  return `${to.charAt(0)}***${to.slice(at)}`
}

/** A webhook delivery's endpoint as the Queue shows it: its origin ('https://hooks.example.com/…'). */
function webhookOrigin(url: string): string {
  try {
    return `${new URL(url).origin}/…`
  } catch {
    return '***'
  }
}

/**
 * A phone number as the two-factor step names it: only its last four digits, in the console's
 * phone layout (SPEC.md '(###) ### - ####'), '5551230124' → '(•••) ••• - 0124'.
 */
export function maskPhone(phone: string): string {
  return `(•••) ••• - ${phone.slice(-4)}`
}
