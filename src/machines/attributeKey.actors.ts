import { fromPromise } from 'xstate'
import { serializeConfig } from '../../schema/attribute-rules'
import type { AttributeKey, AttributeKeyOption } from '../../schema/attributes'
import { saveRecord, uploadAttributeImage } from '../data/api/attributes'
import { keptRecord } from '../data/db/attributeRecords'
import { readKeyWithOptions, type KeyWithOptions } from '../data/db/attributeKeys'
import type { KeyDraft, OptionDraft } from './attributeKey.draft'
import { isNewId } from '../../schema/attribute-rules'

/** The key and its live options as the cache holds them; nothing to read for a new key. */
export const loadKey = fromPromise<KeyWithOptions, { keyId: string | null }>(({ input }) =>
  input.keyId ? readKeyWithOptions(input.keyId) : Promise.resolve({ key: undefined, options: [] }),
)

/** Creates the key (no id yet) or updates it; the answer goes into the cache. */
export const saveKey = fromPromise<AttributeKey, { keyId: string | null; draft: KeyDraft }>(
  ({ input, signal }) => {
    const { draft } = input
    return keptRecord(
      'AttributeKey',
      saveRecord(
        'AttributeKey',
        {
          name: draft.name.trim(),
          prompt: draft.prompt.trim() === '' ? null : draft.prompt.trim(),
          type: draft.type,
          controlType: draft.controlType,
          config: serializeConfig(draft.config),
          imagePath: draft.imagePath,
        },
        input.keyId,
        { signal },
      ),
    )
  },
)

/** Uploads a chosen image for the key or one option; answers the stored path. */
export const uploadImage = fromPromise<
  string,
  { file: File; ownerId: string; section: 'key' | 'option' }
>(({ input, signal }) =>
  uploadAttributeImage(input.file, input.ownerId, input.file.name || 'image', input.section, {
    signal,
  }),
)

/** Saves the uploaded image's path on the key. */
export const saveKeyImagePath = fromPromise<AttributeKey, { keyId: string; imagePath: string }>(
  ({ input, signal }) =>
    keptRecord(
      'AttributeKey',
      saveRecord('AttributeKey', { imagePath: input.imagePath }, input.keyId, { signal }),
    ),
)

/** Creates an option (a NewId_ one) or updates a real one, deletion included. */
export const saveOption = fromPromise<AttributeKeyOption, { keyId: string; option: OptionDraft }>(
  ({ input, signal }) => {
    const { option } = input
    return keptRecord(
      'AttributeKeyOption',
      saveRecord(
        'AttributeKeyOption',
        {
          attributeKeyId: input.keyId,
          label: option.label,
          value: option.value,
          sortOrder: option.sortOrder,
          imagePath: option.imagePath,
          deleted: option.deleted,
        },
        isNewId(option.id) ? null : option.id,
        { signal },
      ),
    )
  },
)

/** Saves an uploaded image's path on an option. */
export const saveOptionImagePath = fromPromise<
  AttributeKeyOption,
  { optionId: string; imagePath: string }
>(({ input, signal }) =>
  keptRecord(
    'AttributeKeyOption',
    saveRecord('AttributeKeyOption', { imagePath: input.imagePath }, input.optionId, { signal }),
  ),
)
