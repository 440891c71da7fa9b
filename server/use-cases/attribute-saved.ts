/** What a record save did: the row as stored, and for an update the fields it changed. */
export type Saved<Row> =
  | { row: Row; change: 'created' }
  | { row: Row; change: 'updated'; fields: string[] }
  | { row: Row; change: 'unchanged' }

/** The fields of `next` whose value differs from the row's. */
export function changedFields<Row extends object>(row: Row, next: Partial<Row>): string[] {
  return Object.entries(next)
    .filter(([field, value]) => value !== undefined && row[field as keyof Row] !== value)
    .map(([field]) => field)
}
