import { randomInt } from 'node:crypto'

export const SECURITY_CODE_TTL_MS = 10 * 60_000

/** A six-digit security code from the system's CSPRNG; leading zeros are kept. */
export function newSecurityCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function securityCodeText(code: string): string {
  return `Your Gatehouse security code is ${code}. It expires in 10 minutes.`
}
