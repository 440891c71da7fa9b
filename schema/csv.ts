/**
 * One CSV cell, RFC 4180: quoted when it holds a comma, a quote or a line break (quotes doubled). A
 * cell a spreadsheet would read as a formula (starting with = + - @, a tab or a CR) gets a leading
 * apostrophe first, so that a name like '=HYPERLINK(…)' stays text. The console's users.csv and the
 * server's Logs export share it.
 */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** One CSV line with its CRLF end. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`
