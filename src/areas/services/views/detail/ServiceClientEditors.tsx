import { Flex, Heading, Separator, Text } from '@radix-ui/themes'
import { Fragment } from 'react'
import type { Service } from '../../../../../schema/service'
import { inlineEditorMachine } from '../../../../kit/machines/inlineEditor.machine'
import {
  CLIENT_TYPE_CHOICES,
  PARTY_CHOICES,
  serviceBackchannelUriEditor,
  serviceClientTypeField,
  serviceFirstPartyField,
  servicePostLogoutUrisEditor,
  serviceRedirectUrisEditor,
  type ServiceClientEditorSpec,
} from '../../machines/serviceEditors'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { InlineEditor, type EditorField } from '../../../../kit/views/form/InlineEditor'
import { RequireMfaSwitch } from './RequireMfaSwitch'

type Props = { service: Service; readOnly: boolean }

const list = (uris: string[]) => (uris.length ? uris.join(', ') : 'None')
const labelOf = (choices: readonly { value: string; label: string }[], value: string) =>
  choices.find((c) => c.value === value)?.label ?? value

type Row = {
  title: string
  spec: ServiceClientEditorSpec
  field: Omit<EditorField, 'name' | 'label'>
  display: (service: Service) => string
}

const ROWS: Row[] = [
  {
    title: 'Redirect URIs',
    spec: serviceRedirectUrisEditor,
    field: { type: 'lines' },
    display: (s) => list(s.redirectUris),
  },
  {
    title: 'Post-logout redirect URIs',
    spec: servicePostLogoutUrisEditor,
    field: { type: 'lines' },
    display: (s) => list(s.postLogoutRedirectUris),
  },
  {
    title: 'Back-channel logout URI',
    spec: serviceBackchannelUriEditor,
    field: { type: 'url', autoComplete: 'off' },
    display: (s) => s.backchannelLogoutUri || 'None',
  },
  {
    title: 'Client type',
    spec: serviceClientTypeField,
    field: { type: 'choice', choices: CLIENT_TYPE_CHOICES },
    display: (s) => labelOf(CLIENT_TYPE_CHOICES, s.clientType),
  },
  {
    title: 'Consent',
    spec: serviceFirstPartyField,
    field: { type: 'choice', choices: PARTY_CHOICES },
    display: (s) => labelOf(PARTY_CHOICES, s.firstParty ? 'first' : 'third'),
  },
]

/**
 * The service as an OpenID Connect client (docs/sso.md): where sign-ins and sign-outs may return,
 * where logout tokens go, public or confidential, first- or third-party, and whether every sign-in
 * needs a second factor. A service without a redirect URI signs nobody in.
 */
export function ServiceClientEditors({ service, readOnly }: Props) {
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="service-sign-in">
        <Flex direction="column" gap="1">
          <Heading as="h3" size="3" id="service-sign-in">
            Sign-in (OpenID Connect)
          </Heading>
          <Text size="1" color="gray">
            Client ID: {service.key}
          </Text>
        </Flex>
        {ROWS.map((row, index) => (
          <Fragment key={row.title}>
            {index > 0 && <Separator size="4" />}
            <ClientEditor service={service} readOnly={readOnly} row={row} />
          </Fragment>
        ))}
        <Separator size="4" />
        <RequireMfaSwitch service={service} readOnly={readOnly} />
      </section>
    </Flex>
  )
}

function ClientEditor({ service, readOnly, row }: Props & { row: Row }) {
  const actor = useScreenActor(inlineEditorMachine, { input: { record: service, spec: row.spec } })
  if (!actor) return null
  return (
    <InlineEditor
      editor={actor}
      title={row.title}
      display={row.display(service)}
      fields={[{ name: row.spec.key, label: row.title, ...row.field }]}
      record={service}
      readOnly={readOnly}
    />
  )
}
