import {
  ATTRIBUTE_LIMITS,
  BOOLEAN_OPTIONS,
  allowedControlTypes,
  generatedOptions,
  isContainerType,
  isNumericType,
  parseConfig,
  splitValues,
  validateConfig,
} from '../../schema/attribute-rules'
import type { AttributeType, ControlType } from '../../schema/attributes'
import { ErrorCode } from '../../schema/errors'
import type { Db } from '../db/types'
import { ApiError, unprocessable } from '../errors'
import type { FileStore } from '../files/store'
import { type KeyRow, liveOptionsOf } from '../repos/attributes'
import { imagePathInUse } from '../repos/stored-files'
import type { UseCaseContext } from './context'

/** What the attribute use cases need: the database and the image store (to check image paths). */
export interface AttributeContext extends UseCaseContext {
  files: FileStore
}

/** 422 'Field: problem.' in the words of the editor's labels. */
export const refuse = (field: string, problem: string) =>
  unprocessable(`${field}: ${problem.replace(/\.$/, '')}.`)

/** 404 for an id that names nothing. */
export const noSuch = (what: string, id: string) =>
  new ApiError(ErrorCode.notFound, `There is no ${what} with the id ${id}.`)

/** 400 for a field a new record must carry; the schema cannot say it, as updates may omit it. */
export const required = (field: string) =>
  new ApiError(ErrorCode.validation, `record.${field} is required.`, 400)

export function checkLength(field: string, value: string | null | undefined, max: number) {
  if (value && value.length > max) throw refuse(field, `must be at most ${max} characters`)
}

/** Where an uploaded attribute image lives: `attributes/<name>` (POST /v1/imageFileUpload). */
export const IMAGE_KIND = 'attributes'
const IMAGE_PATH = /^attributes\/([A-Za-z0-9][A-Za-z0-9_-]{0,127})$/

/** The stored name of an image path, or undefined when the path is not one this server gives out. */
export const imageNameOf = (path: string) => IMAGE_PATH.exec(path)?.[1]

/** An image path saved on a key or option must name an image uploaded here (looked up in `db`). */
export async function checkImagePath(
  ctx: AttributeContext,
  field: string,
  path: string | null | undefined,
  db: Db = ctx.db,
) {
  if (path === null || path === undefined) return
  const name = imageNameOf(path)
  if (!name) throw refuse(field, `'${path}' is not an attributes/… path from the image upload`)
  if (!(await ctx.files.exists(IMAGE_KIND, name, db)))
    throw refuse(field, `there is no uploaded image ${path}`)
}

/**
 * A key or option saved in `tx` stopped naming `previous`: the image goes in the same transaction,
 * unless another key or option (deleted or not, as either may be restored) still names it.
 */
export async function releaseImagePath(
  ctx: AttributeContext,
  tx: Db,
  previous: string | null | undefined,
) {
  const name = previous ? imageNameOf(previous) : undefined
  if (!previous || !name || (await imagePathInUse(tx, previous))) return
  await ctx.files.remove(IMAGE_KIND, name, tx)
}

/** The key's parts the rules look at. */
export interface KeyShape {
  type: AttributeType
  controlType: ControlType | null
  config: string
}

/**
 * The rules of a key's type, control type and config (docs/attributes.md): ROOT and BRANCH carry
 * neither control type nor config; a leaf's config is valid and its control type allowed. The
 * option count is not known when a key is saved (its options follow), so 0 is assumed.
 */
export function checkKeyShape(key: KeyShape) {
  const problem = validateConfig(key.config, key.type)
  if (problem) throw refuse('Config', problem)
  if (isContainerType(key.type)) {
    if (key.controlType) throw refuse('Control Type', `a ${key.type} key has no control type`)
    if (Object.keys(JSON.parse(key.config) as object).length > 0)
      throw refuse('Config', `a ${key.type} key has no config`)
    return
  }
  if (!key.controlType) return
  const allowed = allowedControlTypes(key.type, parseConfig(key.config), 0)
  if (!allowed.includes(key.controlType)) {
    const choices = allowed.length ? allowed.join(', ') : 'none'
    throw refuse(
      'Control Type',
      `${key.controlType} is not allowed for this ${key.type} key; allowed: ${choices}`,
    )
  }
}

/** The values an answer or a condition may name for a leaf: its options, generated or boolean. */
export async function choicesOf(db: Db, key: KeyRow): Promise<Set<string>> {
  if (key.type === 'BOOLEAN') return new Set(BOOLEAN_OPTIONS.map((option) => option.value))
  const options = await liveOptionsOf(db, [key.id])
  const generated = generatedOptions(parseConfig(key.config))
  return new Set([
    ...options.map((option) => option.value),
    ...generated.map((option) => option.value),
  ])
}

/** An answer's values must suit the key's type: 'true'/'false' for BOOLEAN, numbers for numeric. */
export function checkAnswer(type: AttributeType, value: string) {
  checkLength('Value', value, ATTRIBUTE_LIMITS.answerMax)
  for (const part of splitValues(value)) {
    if (type === 'BOOLEAN' && part !== 'true' && part !== 'false')
      throw refuse('Value', `a BOOLEAN answer is 'true' or 'false', not '${part}'`)
    if (isNumericType(type)) {
      const number = Number(part)
      if (part.trim() === '' || !Number.isFinite(number))
        throw refuse('Value', `'${part}' is not a number`)
      if (type === 'INTEGER' && !Number.isInteger(number))
        throw refuse('Value', `'${part}' is not a whole number`)
    }
  }
}
