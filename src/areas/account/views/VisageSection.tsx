import { Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { VisageActor, VisageSnapshot } from '../machines/visage.machine'
import { ConfirmDeleteDialog } from '../../../kit/views/dialog/ConfirmDeleteDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'
import { ImageUpload } from '../../../kit/views/upload/ImageUpload'
import { RemoveImageButton } from '../../../kit/views/upload/RemoveImageButton'
import { ErrorText } from '../../../kit/views/form/ErrorText'
import { TitledSection } from '../../../kit/views/section/TitledSection'
import { VisageAvatar } from './VisageAvatar'

const selectVisage = (s: VisageSnapshot) => s.context.visage
const selectUserId = (s: VisageSnapshot) => s.context.ownerId
const selectError = (s: VisageSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanDelete = (s: VisageSnapshot) => s.can({ type: 'visage.delete' })
const CONFIRM = { type: 'visage.confirmDelete' } as const
const CANCEL = { type: 'visage.cancelDelete' } as const

/**
 * The visage (SPEC.md §2 'Profile'): the image with Delete Visage (after the delete confirmation
 * dialog) when there is one, otherwise a drop zone for one image file.
 */
export function VisageSection({ visage, initials }: { visage: VisageActor; initials: string }) {
  const reference = useSelector(visage, selectVisage)
  const userId = useSelector(visage, selectUserId)
  return (
    <TitledSection title="Visage" titleStyle={{ color: 'gray' }}>
      {reference ? (
        <VisageImage visage={visage} userId={userId} reference={reference} initials={initials} />
      ) : (
        <VisageDropZone visage={visage} />
      )}
      <DeleteVisageDialog visage={visage} />
    </TitledSection>
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
      <RemoveImageButton
        label="Delete Visage"
        disabled={!canDelete}
        onClick={() => visage.send({ type: 'visage.delete' })}
      />
    </Flex>
  )
}

function VisageDropZone({ visage }: { visage: VisageActor }) {
  const error = useSelector(visage, selectError)
  return (
    <Flex direction="column" gap="2">
      <ImageUpload owner={visage} title="Drop Image File Here" what="Visage" />
      <ErrorText message={error} />
    </Flex>
  )
}

function DeleteVisageDialog({ visage }: { visage: VisageActor }) {
  return <ConfirmDeleteDialog thing="visage" {...useConfirm(visage, CONFIRM, CANCEL)} />
}
