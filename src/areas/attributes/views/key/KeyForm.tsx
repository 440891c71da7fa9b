import { Flex, Separator, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { AttributeKeyActor, AttributeKeySnapshot } from '../../machines/attributeKey.machine'
import {
  controlTypesFor,
  draftErrors,
  liveOptions,
  usesOptions,
} from '../../machines/attributeKey.draft'
import { ConfigFields } from './ConfigFields'
import { KeyImageField } from './KeyImageField'
import { ControlTypeField, KeyFields } from './KeyFields'
import { OptionList } from './OptionList'

const selectDraft = (s: AttributeKeySnapshot) => s.context.draft
const selectOptions = (s: AttributeKeySnapshot) => s.context.options
const selectImageFile = (s: AttributeKeySnapshot) => s.context.imageFile
const selectDropError = (s: AttributeKeySnapshot) => s.context.dropError
const selectBusy = (s: AttributeKeySnapshot) => s.hasTag('busy')

/** The form column: at most 600 px (SPEC.md §2, §9). */
export function KeyForm({ actor }: { actor: AttributeKeyActor }) {
  const draft = useSelector(actor, selectDraft)
  const options = useSelector(actor, selectOptions)
  const imageFile = useSelector(actor, selectImageFile)
  const dropError = useSelector(actor, selectDropError)
  const busy = useSelector(actor, selectBusy)
  const errors = draftErrors(draft, options)
  const live = liveOptions(options)
  const rejected = (message: string) => actor.send({ type: 'key.imageRejected', message })
  return (
    <Flex direction="column" gap="4">
      <KeyFields actor={actor} draft={draft} errors={errors} disabled={busy} />
      <KeyImageField actor={actor} path={draft.imagePath} file={imageFile} disabled={busy} />
      {dropError && (
        <Text size="1" color="red" role="alert">
          {dropError}
        </Text>
      )}
      <Separator size="4" />
      <ConfigFields
        part="values"
        actor={actor}
        draft={draft}
        error={errors.config}
        disabled={busy}
      />
      {usesOptions(draft) && (
        <OptionList
          actor={actor}
          options={live}
          fixed={draft.type === 'BOOLEAN'}
          disabled={busy}
          errors={errors}
          onRejected={rejected}
        />
      )}
      <ControlTypeField
        actor={actor}
        draft={draft}
        errors={errors}
        allowed={controlTypesFor(draft, options)}
        disabled={busy}
      />
      <ConfigFields
        part="layout"
        actor={actor}
        draft={draft}
        error={errors.config}
        disabled={busy}
      />
    </Flex>
  )
}
