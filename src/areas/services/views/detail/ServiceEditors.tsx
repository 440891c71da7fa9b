import { Separator } from '@radix-ui/themes'
import { Fragment } from 'react'
import type { Service } from '../../../../../schema/service'
import { inlineEditorMachine } from '../../../../kit/machines/inlineEditor.machine'
import {
  serviceDescriptionEditor,
  serviceKeyEditor,
  serviceNameEditor,
  serviceUrlEditor,
  type ServiceEditorSpec,
} from '../../machines/serviceEditors'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { InlineEditor } from '../../../../kit/views/form/InlineEditor'

type Props = { service: Service; readOnly: boolean }

const EDITORS: { title: string; spec: ServiceEditorSpec }[] = [
  { title: 'Name', spec: serviceNameEditor },
  { title: 'Description', spec: serviceDescriptionEditor },
  { title: 'Key', spec: serviceKeyEditor },
  { title: 'Url', spec: serviceUrlEditor },
]

/**
 * The inline editors of a service (SPEC.md §2 'Services', §5): Name, Description, Key and Url, each
 * required, with Save Changes only when changed and valid. A refusal (a taken key) shows beside the
 * field with the input kept.
 */
export function ServiceEditors({ service, readOnly }: Props) {
  return EDITORS.map(({ title, spec }, index) => (
    <Fragment key={title}>
      {index > 0 && <Separator size="4" />}
      <ServiceEditor service={service} readOnly={readOnly} title={title} spec={spec} />
    </Fragment>
  ))
}

type EditorProps = Props & { title: string; spec: ServiceEditorSpec }

/** One editor, with its own statechart in the console's actor system. */
function ServiceEditor({ service, readOnly, title, spec }: EditorProps) {
  const actor = useScreenActor(inlineEditorMachine, { input: { record: service, spec } })
  if (!actor) return null
  const value = service[spec.key]
  return (
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
  )
}
