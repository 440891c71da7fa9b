import { Skeleton } from '@radix-ui/themes'
import { useActorRef, useSelector } from '@xstate/react'
import {
  attributeImageMachine,
  type AttributeImageSnapshot,
} from '../../../machines/attributeImage.machine'

type Props = {
  /** The stored `attributes/...` path; null: no image. */
  path: string | null
  alt: string
  maxWidth: number
  maxHeight: number
  /** A URL to show instead of resolving the path (a file chosen but not uploaded yet). */
  src?: string | undefined
}

const selectUrl = (s: AttributeImageSnapshot) => s.context.url
const selectBusy = (s: AttributeImageSnapshot) => s.hasTag('busy')

/**
 * An attribute or option image within its size limit (SPEC.md §9 'Attribute sizes'), scaled down
 * and never up. A stored path is read through a signed URL; nothing shows when it cannot be had.
 */
export function AttributeImage({ path, alt, maxWidth, maxHeight, src }: Props) {
  if (src) return <SizedImage src={src} alt={alt} maxWidth={maxWidth} maxHeight={maxHeight} />
  if (!path) return null
  // A new path is a new image: a new actor fetches its signed URL.
  return <SignedImage key={path} path={path} alt={alt} maxWidth={maxWidth} maxHeight={maxHeight} />
}

function SignedImage({ path, alt, maxWidth, maxHeight }: Omit<Props, 'src'> & { path: string }) {
  const image = useActorRef(attributeImageMachine, { input: { path } })
  const url = useSelector(image, selectUrl)
  const busy = useSelector(image, selectBusy)
  if (busy)
    return (
      <Skeleton
        data-testid="image-loading"
        width={`${Math.min(maxWidth, 64)}px`}
        height={`${Math.min(maxHeight, 48)}px`}
      />
    )
  if (!url) return null
  return <SizedImage src={url} alt={alt} maxWidth={maxWidth} maxHeight={maxHeight} />
}

function SizedImage({
  src,
  alt,
  maxWidth,
  maxHeight,
}: {
  src: string
  alt: string
  maxWidth: number
  maxHeight: number
}) {
  return (
    <img
      src={src}
      alt={alt}
      style={{
        display: 'block',
        maxWidth: `min(${maxWidth}px, 100%)`,
        maxHeight: `${maxHeight}px`,
        objectFit: 'contain',
        borderRadius: 'var(--radius-2)',
      }}
    />
  )
}
