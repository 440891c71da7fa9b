import { useSelector } from '@xstate/react'
import { serializeConfig } from '../../../../../schema/attribute-rules'
import type { AttributeKeyActor, AttributeKeySnapshot } from '../../machines/attributeKey.machine'
import { AttributePreview } from '../preview/AttributePreview'
import { fileUrl } from './fileUrl'

const selectDraft = (s: AttributeKeySnapshot) => s.context.draft
const selectOptions = (s: AttributeKeySnapshot) => s.context.options
const selectImageFile = (s: AttributeKeySnapshot) => s.context.imageFile
const selectKeyId = (s: AttributeKeySnapshot) => s.context.keyId

/** The live 'Attribute Key Demo': the preview of the key as it is being edited. */
export function KeyDemo({ actor }: { actor: AttributeKeyActor }) {
  const draft = useSelector(actor, selectDraft)
  const options = useSelector(actor, selectOptions)
  const imageFile = useSelector(actor, selectImageFile)
  const keyId = useSelector(actor, selectKeyId)
  const optionImageSrc: Record<string, string> = {}
  for (const option of options) {
    const url = fileUrl(option.imageFile)
    if (url) optionImageSrc[option.id] = url
  }
  const imageSrc = fileUrl(imageFile)
  return (
    <AttributePreview
      // A new control type starts with an empty answer.
      key={`${draft.type}-${draft.controlType ?? ''}`}
      attributeKey={{
        id: keyId ?? 'new',
        name: draft.name,
        prompt: draft.prompt,
        type: draft.type,
        controlType: draft.controlType,
        config: serializeConfig(draft.config),
        imagePath: draft.imagePath,
      }}
      options={options}
      optionImageSrc={optionImageSrc}
      {...(imageSrc ? { imageSrc } : {})}
    />
  )
}
