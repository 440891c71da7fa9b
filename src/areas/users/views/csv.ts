import type { ListRow } from '../../../kit/machines/list.machine'
import { csvCell } from '../../../../schema/csv'
import { userStatus } from './userDisplay'

/** The columns of users.csv, in order (the UI contract). */
export const CSV_COLUMNS = [
  'id',
  'lastName',
  'firstName',
  'email',
  'phone',
  'type',
  'status',
  'twoFactor',
  'passkeys',
  'lastSignIn',
  'createdAt',
] as const

const str = (value: unknown) => (typeof value === 'string' ? value : '')

export { csvCell }

/** The cells of one user, as the columns say. */
export function csvRecord(row: ListRow): string[] {
  return [
    row.id,
    str(row.nameLast),
    str(row.nameFirst),
    str(row.email),
    str(row.phone),
    str(row.type),
    userStatus(row),
    row.use2FA === true ? 'on' : 'off',
    String(typeof row.passkeys === 'number' ? row.passkeys : 0),
    str(row.lastLogin),
    str(row.createdAt),
  ]
}

/** users.csv: the header and one line per user in the order given, CRLF line ends (RFC 4180). */
export function usersCsv(rows: readonly ListRow[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const row of rows) lines.push(csvRecord(row).map(csvCell).join(','))
  return `${lines.join('\r\n')}\r\n`
}
