import { Theme } from '@radix-ui/themes'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import type { AttributeKey, AttributeKeyOption } from '../../../schema/attributes'
import { fromPromise } from 'xstate'
import { signedImageMachine, type SignedImageInput } from '../../../src/kit/machines/signedImage.machine'
import { AttributePreview } from '../../../src/areas/attributes/views/preview/AttributePreview'
import { testSession, WithSession } from '../../setup/session'

/** A leaf key as the cache holds it. */
export function aKey(changes: Partial<AttributeKey> = {}): AttributeKey {
  return {
    id: '0193a1b2-0000-7000-8000-000000000001',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    deleted: false,
    name: 'Colour',
    prompt: 'Which colour?',
    type: 'STRING',
    controlType: 'INPUT',
    config: '{}',
    imagePath: null,
    skuId: null,
    erpId: null,
    attributeKeyAssociationId: null,
    ...changes,
  }
}

let serial = 0
/** An option of `aKey()`. */
export function anOption(
  label: string,
  value: string,
  changes: Partial<AttributeKeyOption> = {},
): AttributeKeyOption {
  serial += 1
  return {
    id: `0193a1b2-0000-7000-8000-1000000000${String(serial).padStart(2, '0')}`,
    createdAt: `2026-01-05T10:00:${String(serial).padStart(2, '0')}.000Z`,
    updatedAt: '2026-01-05T10:00:00.000Z',
    deleted: false,
    attributeKeyId: aKey().id,
    imagePath: null,
    label,
    value,
    sortOrder: serial,
    ...changes,
  }
}

/**
 * Option images through signed URLs that come at once; a path with 'broken' in it cannot be had.
 */
export const signedImages = signedImageMachine.provide({
  actors: {
    fetchUrl: fromPromise<string, SignedImageInput>(({ input }) => {
      const path = input.kind === 'attribute' ? input.path : input.userId
      return path.includes('broken')
        ? Promise.reject(new Error('gone'))
        : Promise.resolve(`/signed/${path}`)
    }),
  },
})

export function renderPreview(props: ComponentProps<typeof AttributePreview>) {
  // An option's image is read through a screen actor of the session.
  const view = render(
    <WithSession session={testSession()} provide={[signedImages]}>
      <Theme>
        <AttributePreview {...props} />
      </Theme>
    </WithSession>,
  )
  return { ...view, user: userEvent.setup() }
}
