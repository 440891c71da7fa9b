import type { EventObject } from 'xstate'
import { signedImageMachine, type SignedImageSnapshot } from '../machines/signedImage.machine'
import { definePaths } from '../../flows/model'
import { refusal } from '../fixtures/service.fixtures'
import { selfUser } from '../fixtures/users.fixtures'

/** An attribute option's image, as a preview shows it. */
export const attributeImagePath = 'attributes/red-swatch'
export const attributeImageUrl = '/v1/files/attributes/red-swatch?expires=1&sig=test'

/** The signed-in user, with a visage: the user menu's avatar shows it. */
export const visageImageUser = selfUser({ visage: 'visage-1' })
export const visageImageUrl = `/v1/files/visage/${visageImageUser.id}?sig=test`

const outcomes = (url: string, missing: string) =>
  [
    { type: 'xstate.done.actor.fetchUrl', output: url },
    { type: 'xstate.error.actor.fetchUrl', error: refusal(404, missing) },
  ] as never[]

const detail = (event: EventObject) => {
  const error = (event as { error?: unknown }).error
  return error instanceof Error ? `(${error.message.replace(/[.\s]+$/, '')})` : undefined
}

export const attributeImagePaths = definePaths({
  name: 'Attribute image',
  machine: signedImageMachine,
  input: { kind: 'attribute', path: attributeImagePath },
  events: outcomes(attributeImageUrl, 'There is no such image.'),
  shows: (s: SignedImageSnapshot) =>
    s.matches('fetching')
      ? 'A placeholder where the image goes'
      : s.matches('shown')
        ? 'The image, at most 150 × 125 px'
        : 'No image and no message',
  detail,
})

export const visageImagePaths = definePaths({
  name: "The user menu's visage",
  machine: signedImageMachine,
  input: { kind: 'visage', userId: visageImageUser.id },
  events: outcomes(visageImageUrl, 'There is no visage.'),
  shows: (s: SignedImageSnapshot) =>
    s.matches('shown') ? 'The user menu shows the visage' : "The user menu shows the initials 'AL'",
  detail,
})

export const models = [attributeImagePaths, visageImagePaths]
