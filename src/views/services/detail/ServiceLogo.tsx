import { ImageIcon, TrashIcon } from '@radix-ui/react-icons'
import { Box, Button, Flex, Progress, Skeleton, Text } from '@radix-ui/themes'
import { useActorRef, useSelector } from '@xstate/react'
import { useDropzone } from 'react-dropzone'
import type { Service } from '../../../../schema/service'
import {
  serviceLogoMachine,
  type ServiceLogoActor,
  type ServiceLogoSnapshot,
} from '../../../machines/serviceLogo.machine'
import { ErrorText } from '../../profile/ErrorText'
import { dropErrorText } from '../../profile/dropErrors'

const selectHasLogo = (s: ServiceLogoSnapshot) => s.hasTag('logo')
const selectUrl = (s: ServiceLogoSnapshot) => s.context.url
const selectFetching = (s: ServiceLogoSnapshot) => s.hasTag('fetching')
const selectBusy = (s: ServiceLogoSnapshot) => s.hasTag('busy')
const selectError = (s: ServiceLogoSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanDrop = (s: ServiceLogoSnapshot) =>
  s.can({ type: 'logo.drop', file: new File([], '') })
const selectCanRemove = (s: ServiceLogoSnapshot) => s.can({ type: 'logo.remove' })

type Props = { service: Service; readOnly: boolean }

/**
 * The logo area (SPEC.md §2 'Services', §4 'Service logo'): the logo (medium size, through a signed
 * URL) with 'Remove Logo', or the drop zone 'Drop Logo File Here' for one image file.
 */
export function ServiceLogo({ service, readOnly }: Props) {
  const logo = useActorRef(serviceLogoMachine, { input: { service } })
  const hasLogo = useSelector(logo, selectHasLogo)
  const error = useSelector(logo, selectError)
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="service-logo">
        <Text id="service-logo" size="2" weight="medium">
          Logo
        </Text>
        {hasLogo ? (
          <LogoImage logo={logo} name={service.name} readOnly={readOnly} />
        ) : readOnly ? (
          <Text size="2" color="gray">
            No logo
          </Text>
        ) : (
          <LogoDropZone logo={logo} />
        )}
        <ErrorText message={error} />
      </section>
    </Flex>
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
  const url = useSelector(logo, selectUrl)
  const fetching = useSelector(logo, selectFetching)
  const busy = useSelector(logo, selectBusy)
  const canRemove = useSelector(logo, selectCanRemove)
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
        <Button
          color="red"
          variant="soft"
          loading={busy}
          disabled={!canRemove}
          onClick={() => logo.send({ type: 'logo.remove' })}
        >
          <TrashIcon /> Remove Logo
        </Button>
      )}
    </Flex>
  )
}

function LogoDropZone({ logo }: { logo: ServiceLogoActor }) {
  const busy = useSelector(logo, selectBusy)
  const canDrop = useSelector(logo, selectCanDrop)
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    disabled: !canDrop,
    onDrop: (accepted, rejections) => {
      const file = accepted[0]
      if (rejections.length > 0)
        logo.send({ type: 'logo.dropRejected', message: dropErrorText(rejections) })
      else if (file) logo.send({ type: 'logo.drop', file })
    },
  })
  return (
    <Box
      {...getRootProps({ role: 'button', 'aria-describedby': 'service-logo-drop-hint' })}
      aria-busy={busy || undefined}
      aria-disabled={!canDrop || undefined}
      p="5"
      style={{
        border: `2px dashed var(${isDragActive ? '--accent-8' : '--gray-7'})`,
        borderRadius: 'var(--radius-3)',
        background: isDragActive ? 'var(--accent-a3)' : 'var(--gray-a2)',
        cursor: canDrop ? 'pointer' : 'progress',
      }}
    >
      <input {...getInputProps()} aria-label="Logo image file" />
      <Flex direction="column" align="center" gap="2">
        <ImageIcon width={28} height={28} color="var(--gray-10)" aria-hidden />
        <Text weight="medium">Drop Logo File Here</Text>
        <Text id="service-logo-drop-hint" size="1" color="gray" align="center">
          {busy ? 'Uploading…' : 'or press here to choose one image file'}
        </Text>
        {busy && (
          <Box width="100%" maxWidth="240px">
            <Progress aria-label="Uploading logo" />
          </Box>
        )}
      </Flex>
    </Box>
  )
}
