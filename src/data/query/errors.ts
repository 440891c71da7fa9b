/** The local query messages of SPEC.md §8, word for word. */
export const MAX_INCLUDE_DEPTH = 4

export const includeDepthExceeded = () =>
  new Error(`Maximum include depth of ${MAX_INCLUDE_DEPTH} exceeded`)

export const tableNotFound = (name: string) => new Error(`Table ${name} not found in database`)

export const relatedTableNotFound = (name: string) =>
  new Error(`Related table ${name} not found in database`)

export const unsupportedOperator = (operator: string) =>
  new Error(`Unsupported operator: ${operator}`)
