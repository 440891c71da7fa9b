import { Separator } from '@radix-ui/themes'
import { Fragment } from 'react'
import type { Service } from '../../../../schema/service'
import { inlineEditorMachine } from '../../../machines/inlineEditor.machine'
import {
  serviceDescriptionEditor,
  serviceKeyEditor,
  serviceNameEditor,
  serviceUrlEditor,
} from '../../../machines/serviceEditors'
import { useScreenActor } from '../../app/useScreenActor'
import { InlineEditor } from '../../profile/InlineEditor'

type Props = { service: Service; readOnly: boolean }

/**
 * The inline editors of a service (SPEC.md §2 'Services', §5): Name, Description, Key and Url, each
 * required, with Save Changes only when changed and valid. A refusal (a taken key) shows beside the
 * field with the input kept.
 */
export function ServiceEditors({ service, readOnly }: Props) {
  const input = { record: service }
  const editors = [
    {
      title: 'Name',
      actor: useScreenActor(inlineEditorMachine, { input: { ...input, spec: serviceNameEditor } }),
      value: service.name,
    },
    {
      title: 'Description',
      actor: useScreenActor(inlineEditorMachine, {
        input: { ...input, spec: serviceDescriptionEditor },
      }),
      value: service.description,
    },
    {
      title: 'Key',
      actor: useScreenActor(inlineEditorMachine, { input: { ...input, spec: serviceKeyEditor } }),
      value: service.key,
    },
    {
      title: 'Url',
      actor: useScreenActor(inlineEditorMachine, { input: { ...input, spec: serviceUrlEditor } }),
      value: service.url,
    },
  ]
  return editors.map(({ title, actor, value }, index) => (
    <Fragment key={title}>
      {index > 0 && <Separator size="4" />}
      {actor && (
        <InlineEditor
          editor={actor}
          title={title}
          display={value === '' ? 'Not Provided' : value}
          fields={[
            {
              name: title.toLowerCase(),
              label: title,
              type: title === 'Url' ? 'url' : 'text',
              autoComplete: 'off',
            },
          ]}
          record={service}
          readOnly={readOnly}
        />
      )}
    </Fragment>
  ))
}
