import type { User } from '../../../../schema/user'

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12) + n * 60_000).toISOString()

/** The people of the Users list's paths and tests: Ada Lovelace, Grace Hopper, Alan Turing. */
export const PEOPLE = [
  ['Ada', 'Lovelace', 'ada@example.com', '5550100001'],
  ['Grace', 'Hopper', 'grace@example.com', '5550100002'],
  ['Alan', 'Turing', 'alan@example.com', null],
] as const

/** User n (0-based): one of PEOPLE by name, else 'First{n} Last{n}'; created n minutes after noon. */
export function listUser(n: number, over: Partial<User> = {}): User {
  const known = PEOPLE[n]
  return {
    id: `0192f0c4-1111-7000-a000-${String(n).padStart(12, '0')}`,
    createdAt: at(n),
    updatedAt: at(n),
    nameFirst: known?.[0] ?? `First${n}`,
    nameLast: known?.[1] ?? `Last${String(n).padStart(5, '0')}`,
    email: known?.[2] ?? `user${n}@example.com`,
    phone: known ? known[3] : null,
    use2FA: n % 2 === 0,
    visage: null,
    type: n % 3 === 2 ? 'EXTERNAL' : 'INTERNAL',
    lastLogin: n % 4 === 3 ? null : at(n),
    permissions: [],
    mustChangePassword: false,
    locked: false,
    disabled: false,
    passkeys: n % 3,
    authenticator: n % 4 === 0,
    pendingEmail: null,
    ...over,
  }
}

export const ada = listUser(0)
export const grace = listUser(1)
export const alan = listUser(2)
