import { useSelector } from '@xstate/react'
import type { AnyActorRef } from 'xstate'
import type { ImageDropEvent } from '../../machines/imageFile.chart'
import { ImageDropZone } from './ImageDropZone'

/** What the drop zone reads of its owner's snapshot. */
type DropSnapshot = {
  hasTag: (tag: 'busy') => boolean
  can: (event: ImageDropEvent) => boolean
}

/** A statechart that spreads the image-file chart (imageFile.chart.ts): the visage, a logo. */
export type ImageOwnerRef = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot: () => DropSnapshot
  send: (event: ImageDropEvent) => void
}

const selectBusy = (s: DropSnapshot) => s.hasTag('busy')
const selectCanDrop = (s: DropSnapshot) => s.can({ type: 'image.drop', file: new File([], '') })

type Props = {
  owner: ImageOwnerRef
  /** What the zone says: 'Drop Image File Here', 'Drop Logo File Here'. */
  title: string
  /** What the file is: 'Visage', 'Logo'. */
  what: string
}

/**
 * The drop zone of an image owner's statechart: busy while it uploads, open while it takes a
 * drop; a file or a refusal goes to the statechart as `image.drop` or `image.dropRejected`.
 */
export function ImageUpload({ owner, title, what }: Props) {
  const busy = useSelector(owner, selectBusy)
  const canDrop = useSelector(owner, selectCanDrop)
  return (
    <ImageDropZone
      title={title}
      what={what}
      busy={busy}
      canDrop={canDrop}
      onDrop={(file) => owner.send({ type: 'image.drop', file })}
      onRejected={(message) => owner.send({ type: 'image.dropRejected', message })}
    />
  )
}
