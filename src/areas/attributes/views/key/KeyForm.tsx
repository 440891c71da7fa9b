import { Flex, Separator, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
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

const selectView = (s: AttributeKeySnapshot) => ({
  draft: s.context.draft,
  options: s.context.options,
  imageFile: s.context.imageFile,
  dropError: s.context.dropError,
  busy: s.hasTag('busy'),
})

/** The form column: at most 600 px (SPEC.md §2, §9). */
export function KeyForm({ actor }: { actor: AttributeKeyActor }) {
  const { draft, options, imageFile, dropError, busy } = useSelector(
    actor,
    selectView,
    shallowEqual,
  )
  const errors = draftErrors(draft, options)
  // The config's two parts: its values before the options, its layout after the control type.
  const config = { actor, draft, error: errors.config, disabled: busy }
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
      <ConfigFields part="values" {...config} />
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
      <ConfigFields part="layout" {...config} />
    </Flex>
  )
}
