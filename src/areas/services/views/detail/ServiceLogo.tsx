import { Flex, Skeleton, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  serviceLogoMachine,
  type ServiceLogoActor,
  type ServiceLogoSnapshot,
} from '../../machines/serviceLogo.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { TitledSection } from '../../../../kit/views/section/TitledSection'
import { ImageUpload } from '../../../../kit/views/upload/ImageUpload'
import { RemoveImageButton } from '../../../../kit/views/upload/RemoveImageButton'

const selectArea = (s: ServiceLogoSnapshot) => ({
  hasLogo: s.hasTag('logo'),
  error: s.hasTag('error') ? s.context.error : null,
})
const selectImage = (s: ServiceLogoSnapshot) => ({
  url: s.context.url,
  fetching: s.hasTag('fetching'),
  busy: s.hasTag('busy'),
  canRemove: s.can({ type: 'logo.remove' }),
})

type Props = { service: Service; readOnly: boolean }

/**
 * The logo area (SPEC.md §2 'Services', §4 'Service logo'): the logo (medium size, through a signed
 * URL) with 'Remove Logo', or the drop zone 'Drop Logo File Here' for one image file.
 */
export function ServiceLogo({ service, readOnly }: Props) {
  const logo = useScreenActor(serviceLogoMachine, { input: { service } })
  return logo ? <LogoArea logo={logo} service={service} readOnly={readOnly} /> : null
}

function LogoArea({ logo, service, readOnly }: Props & { logo: ServiceLogoActor }) {
  const { hasLogo, error } = useSelector(logo, selectArea, shallowEqual)
  return (
    <TitledSection title="Logo" titleStyle={{ weight: 'medium' }}>
      {hasLogo ? (
        <LogoImage logo={logo} name={service.name} readOnly={readOnly} />
      ) : readOnly ? (
        <Text size="2" color="gray">
          No logo
        </Text>
      ) : (
        <ImageUpload owner={logo} title="Drop Logo File Here" what="Logo" />
      )}
      <ErrorText message={error} />
    </TitledSection>
  )
}

function LogoImage({
  logo,
  name,
  readOnly,
}: {
  logo: ServiceLogoActor
  name: string
  readOnly: boolean
}) {
  const { url, fetching, busy, canRemove } = useSelector(logo, selectImage, shallowEqual)
  return (
    <Flex gap="4" align="center" wrap="wrap">
      <Skeleton loading={fetching}>
        <Flex
          width="128px"
          height="128px"
          align="center"
          justify="center"
          style={{
            borderRadius: 'var(--radius-3)',
            background: 'var(--gray-a2)',
            border: '1px solid var(--gray-a5)',
            overflow: 'hidden',
          }}
        >
          {url ? (
            <img
              src={url}
              alt={`${name} logo`}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Text size="1" color="gray" align="center">
              Logo unavailable
            </Text>
          )}
        </Flex>
      </Skeleton>
      {!readOnly && (
        <RemoveImageButton
          label="Remove Logo"
          busy={busy}
          disabled={!canRemove}
          onClick={() => logo.send({ type: 'logo.remove' })}
        />
      )}
    </Flex>
  )
}
