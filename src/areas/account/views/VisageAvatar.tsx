import { Avatar } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ComponentProps } from 'react'
import {
  signedImageMachine,
  type SignedImageActor,
  type SignedImageSnapshot,
} from '../../../kit/machines/signedImage.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'

type AvatarProps = Omit<ComponentProps<typeof Avatar>, 'src'>
type Props = AvatarProps & { userId: string; visage: string | null }

const selectUrl = (s: SignedImageSnapshot) => s.context.url ?? undefined

/**
 * An avatar showing the user's visage when there is one, otherwise (or when its URL or image
 * cannot be had: any error swallowed) the fallback, the initials.
 */
export function VisageAvatar({ userId, visage, ...avatar }: Props) {
  if (!visage) return <Avatar {...avatar} />
  // A new visage reference is a new image: a new actor fetches its signed URL.
  return <SignedVisage key={visage} userId={userId} {...avatar} />
}

function SignedVisage({ userId, ...avatar }: AvatarProps & { userId: string }) {
  const image = useScreenActor(signedImageMachine, { input: { kind: 'visage', userId } })
  // The initials show until the image's actor is there.
  return image ? <SignedAvatar image={image} {...avatar} /> : <Avatar {...avatar} />
}

function SignedAvatar({ image, ...avatar }: AvatarProps & { image: SignedImageActor }) {
  const url = useSelector(image, selectUrl)
  return <Avatar {...avatar} src={url} />
}
