import { ImageIcon, TrashIcon } from '@radix-ui/react-icons'
import { Box, Button, Flex, Progress, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useDropzone } from 'react-dropzone'
import type { VisageActor, VisageSnapshot } from '../../machines/visage.machine'
import { ConfirmDeleteDialog } from '../dialog/ConfirmDeleteDialog'
import { ErrorText } from './ErrorText'
import { VisageAvatar } from './VisageAvatar'
import { dropErrorText } from './dropErrors'

const selectVisage = (s: VisageSnapshot) => s.context.visage
const selectUserId = (s: VisageSnapshot) => s.context.userId
const selectBusy = (s: VisageSnapshot) => s.hasTag('busy')
const selectOpen = (s: VisageSnapshot) => s.hasTag('open')
const selectError = (s: VisageSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanDrop = (s: VisageSnapshot) => s.can({ type: 'visage.drop', file: new File([], '') })
const selectCanDelete = (s: VisageSnapshot) => s.can({ type: 'visage.delete' })
const selectCanConfirm = (s: VisageSnapshot) => s.can({ type: 'visage.confirmDelete' })
const selectCanCancel = (s: VisageSnapshot) => s.can({ type: 'visage.cancelDelete' })

/**
 * The visage (SPEC.md §2 'Profile'): the image with Delete Visage (after the delete confirmation
 * dialog) when there is one, otherwise a drop zone for one image file.
 */
export function VisageSection({ visage, initials }: { visage: VisageActor; initials: string }) {
  const reference = useSelector(visage, selectVisage)
  const userId = useSelector(visage, selectUserId)
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="profile-visage">
        <Text id="profile-visage" size="2" color="gray">
          Visage
        </Text>
        {reference ? (
          <VisageImage visage={visage} userId={userId} reference={reference} initials={initials} />
        ) : (
          <VisageDropZone visage={visage} />
        )}
        <DeleteVisageDialog visage={visage} />
      </section>
    </Flex>
  )
}

type ImageProps = { visage: VisageActor; userId: string; reference: string; initials: string }

function VisageImage({ visage, userId, reference, initials }: ImageProps) {
  const canDelete = useSelector(visage, selectCanDelete)
  return (
    <Flex gap="4" align="center" wrap="wrap">
      <VisageAvatar
        userId={userId}
        visage={reference}
        size="8"
        radius="large"
        fallback={initials}
        alt="Visage"
      />
      <Button
        color="red"
        variant="soft"
        disabled={!canDelete}
        onClick={() => visage.send({ type: 'visage.delete' })}
      >
        <TrashIcon /> Delete Visage
      </Button>
    </Flex>
  )
}

function VisageDropZone({ visage }: { visage: VisageActor }) {
  const busy = useSelector(visage, selectBusy)
  const error = useSelector(visage, selectError)
  const canDrop = useSelector(visage, selectCanDrop)
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    disabled: !canDrop,
    onDrop: (accepted, rejections) => {
      const file = accepted[0]
      if (rejections.length > 0)
        visage.send({ type: 'visage.dropRejected', message: dropErrorText(rejections) })
      else if (file) visage.send({ type: 'visage.drop', file })
    },
  })
  return (
    <Flex direction="column" gap="2">
      <Box
        {...getRootProps({ role: 'button', 'aria-describedby': 'visage-drop-hint' })}
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
        <input {...getInputProps()} aria-label="Visage image file" />
        <Flex direction="column" align="center" gap="2">
          <ImageIcon width={28} height={28} color="var(--gray-10)" aria-hidden />
          <Text weight="medium">Drop Image File Here</Text>
          <Text id="visage-drop-hint" size="1" color="gray" align="center">
            {busy ? 'Uploading…' : 'or press here to choose one image file'}
          </Text>
          {busy && (
            <Box width="100%" maxWidth="240px">
              <Progress aria-label="Uploading visage" />
            </Box>
          )}
        </Flex>
      </Box>
      <ErrorText message={error} />
    </Flex>
  )
}

function DeleteVisageDialog({ visage }: { visage: VisageActor }) {
  const open = useSelector(visage, selectOpen)
  const busy = useSelector(visage, selectBusy)
  const error = useSelector(visage, selectError)
  const canConfirm = useSelector(visage, selectCanConfirm)
  const canCancel = useSelector(visage, selectCanCancel)
  return (
    <ConfirmDeleteDialog
      thing="visage"
      open={open}
      busy={busy}
      error={open ? error : null}
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={() => visage.send({ type: 'visage.confirmDelete' })}
      onCancel={() => visage.send({ type: 'visage.cancelDelete' })}
    />
  )
}
