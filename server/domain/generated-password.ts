import { randomInt } from 'node:crypto'
import { passwordPolicyFailures } from '../../schema/new-password'

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SPECIAL = '#%+-=@_'
const ALL = LOWER + UPPER + DIGITS + SPECIAL

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? ''

/**
 * A strong random password (20 characters, about 120 bits) that meets the policy. Look-alike
 * characters are left out because an operator may copy it by eye from the terminal.
 */
export function generatePassword(length = 20): string {
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)]
    while (chars.length < length) chars.push(pick(ALL))
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1)
      ;[chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? '']
    }
    const password = chars.join('')
    if (passwordPolicyFailures(password).length === 0) return password
  }
}
