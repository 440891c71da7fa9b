import type { FastifySchemaValidationError } from 'fastify'
import type { SchemaErrorDataVar } from 'fastify/types/schema'

/** Words for one TypeBox error, naming the field: "username must not have more than 254 characters". */
function describe(error: FastifySchemaValidationError, part: string): string {
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.')
  const params: Record<string, unknown> = error.params
  if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
    const missing = params.requiredProperties.map(String)
    const prefix = field ? `${field}.` : ''
    return missing.map((name) => `${prefix}${name} is required`).join('; ')
  }
  if (error.keyword === 'additionalProperties' && Array.isArray(params.additionalProperties)) {
    const extra = params.additionalProperties.map(String)
    return extra.map((name) => `${name} is not an allowed field`).join('; ')
  }
  if (error.keyword === 'pattern') return `${field || part} is not in the expected format`
  if (error.keyword === 'minLength') {
    const limit = Number(params.limit)
    return limit === 1
      ? `${field} must not be empty`
      : `${field} must have at least ${limit} characters`
  }
  return `${field || part} ${error.message ?? 'is not valid'}`
}

/**
 * The 400 message for a request that fails its schema. TypeBox reports every branch of a union and a
 * "schema is false" twin of each extra field; one message per field reads better.
 */
export function validationMessage(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): string {
  const seen = new Set<string>()
  const messages: string[] = []
  for (const error of errors) {
    if (error.keyword === 'boolean' || error.keyword === 'anyOf') continue
    const key =
      error.keyword === 'required' || error.keyword === 'additionalProperties'
        ? `${error.keyword}:${error.instancePath}`
        : error.instancePath
    if (seen.has(key)) continue
    seen.add(key)
    messages.push(describe(error, dataVar))
  }
  return messages.length > 0 ? `${messages.join('; ')}.` : `The ${dataVar} is not valid.`
}
