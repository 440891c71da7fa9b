import { fromPromise } from 'xstate'
import { isNewId, serializeConfig } from '../../../../schema/attribute-rules'
import type { AttributeKey, AttributeKeyOption } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { keptRecord } from '../../../data/db/attributeRecords'
import { readKeyWithOptions, type KeyWithOptions } from '../../../data/db/attributeKeys'
import type { KeyDraft, OptionDraft } from './attributeKey.draft'

/** The key and its live options as the cache holds them; nothing to read for a new key. */
export const loadKey = fromPromise<KeyWithOptions, { keyId: string | null }>(({ input }) =>
  input.keyId ? readKeyWithOptions(input.keyId) : Promise.resolve({ key: undefined, options: [] }),
)

/** Stores one option (created when its id is NewId_, updated otherwise); the answer is cached. */
function saveOptionRow(
  server: AttributeServer,
  keyId: string,
  option: OptionDraft,
  signal: AbortSignal,
): Promise<AttributeKeyOption> {
  return keptRecord(
    'AttributeKeyOption',
    server.saveRecord(
      'AttributeKeyOption',
      {
        attributeKeyId: keyId,
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
}

/**
 * The save sequence's effects (attributeKeySave.machine.ts), asking `server`: a test builds them on
 * a stub, and what the cache keeps of the answers stays the real code.
 */
export const attributeKeySaveActors = (server: AttributeServer = attributeServer) => ({
  /** Creates the key (no id yet) or updates it; the answer goes into the cache. */
  saveKey: fromPromise<AttributeKey, { keyId: string | null; draft: KeyDraft }>(
    ({ input, signal }) => {
      const { draft } = input
      return keptRecord(
        'AttributeKey',
        server.saveRecord(
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
  ),

  /** Uploads a chosen image for the key or one option; answers the stored path. */
  uploadImage: fromPromise<
    string,
    { file: File | null; ownerId: string; section: 'key' | 'option' }
  >(({ input, signal }) => {
    const { file } = input
    if (!file) return Promise.reject(new Error('No image was chosen.'))
    return server.uploadAttributeImage(file, input.ownerId, file.name || 'image', input.section, {
      signal,
    })
  }),

  /** Saves the uploaded image's path on the key. */
  saveKeyImagePath: fromPromise<AttributeKey, { keyId: string; imagePath: string | null }>(
    ({ input, signal }) =>
      keptRecord(
        'AttributeKey',
        server.saveRecord('AttributeKey', { imagePath: input.imagePath }, input.keyId, { signal }),
      ),
  ),

  /** Creates an option (a NewId_ one) or updates a real one, deletion included. */
  saveOption: fromPromise<AttributeKeyOption, { keyId: string; option: OptionDraft }>(
    ({ input, signal }) => saveOptionRow(server, input.keyId, input.option, signal),
  ),

  /** Deletes an option a key that becomes BOOLEAN loses; with none to delete, answers null. */
  clearOption: fromPromise<
    AttributeKeyOption | null,
    { keyId: string; option: OptionDraft | null }
  >(({ input, signal }) =>
    input.option ? saveOptionRow(server, input.keyId, input.option, signal) : Promise.resolve(null),
  ),

  /** Saves an uploaded image's path on an option. */
  saveOptionImagePath: fromPromise<
    AttributeKeyOption,
    { optionId: string; imagePath: string | null }
  >(({ input, signal }) =>
    keptRecord(
      'AttributeKeyOption',
      server.saveRecord('AttributeKeyOption', { imagePath: input.imagePath }, input.optionId, {
        signal,
      }),
    ),
  ),
})
