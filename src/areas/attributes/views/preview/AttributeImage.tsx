import { Skeleton } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import {
  signedImageMachine,
  type SignedImageActor,
  type SignedImageSnapshot,
} from '../../../../kit/machines/signedImage.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'

type Props = {
  /** The stored `attributes/...` path; null: no image. */
  path: string | null
  alt: string
  maxWidth: number
  maxHeight: number
  /** A URL to show instead of resolving the path (a file chosen but not uploaded yet). */
  src?: string | undefined
}

const selectUrl = (s: SignedImageSnapshot) => s.context.url
const selectBusy = (s: SignedImageSnapshot) => s.hasTag('busy')

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

type Sized = { alt: string; maxWidth: number; maxHeight: number }

function Loading({ maxWidth, maxHeight }: Omit<Sized, 'alt'>) {
  return (
    <Skeleton
      data-testid="image-loading"
      width={`${Math.min(maxWidth, 64)}px`}
      height={`${Math.min(maxHeight, 48)}px`}
    />
  )
}

function SignedImage({ path, ...sized }: Sized & { path: string }) {
  const image = useScreenActor(signedImageMachine, { input: { kind: 'attribute', path } })
  return image ? <Signed image={image} {...sized} /> : <Loading {...sized} />
}

function Signed({ image, alt, maxWidth, maxHeight }: Sized & { image: SignedImageActor }) {
  const url = useSelector(image, selectUrl)
  if (useSelector(image, selectBusy)) return <Loading maxWidth={maxWidth} maxHeight={maxHeight} />
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
