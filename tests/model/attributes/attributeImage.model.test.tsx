import { Theme } from '@radix-ui/themes'
import { render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  attributeImagePath as path,
  attributeImagePaths,
} from '../../../src/kit/paths/signedImage.paths'
import {
  signedImageMachine,
  type SignedImageInput,
  type SignedImageSnapshot,
} from '../../../src/kit/machines/signedImage.machine'
import { AttributeImage } from '../../../src/areas/attributes/views/preview/AttributeImage'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'
import { testSession, WithSession } from '../../setup/session'

// An attribute image reads its signed URL through the one signed-image machine.
const signedImage = signedImageMachine.provide({
  actors: {
    fetchUrl: stubbed<string, SignedImageInput>('fetchAttributeImageUrl', (image) => [
      image.kind === 'attribute' ? image.path : image.userId,
    ]),
  },
})

const { paths } = buildPaths(attributeImagePaths)
const view = viewCoverage(attributeImagePaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }

const drive = {
  states: {
    fetching: async () => {
      expect((await server.last('fetchAttributeImageUrl')).args[0]).toBe(path)
      expect(screen.getByTestId('image-loading')).toBeInTheDocument()
      expect(screen.queryByRole('img')).toBeNull()
    },
    shown: async (s: SignedImageSnapshot) => {
      const image = await screen.findByRole('img', { name: 'Red swatch' })
      expect(image).toHaveAttribute('src', s.context.url)
      // SPEC.md §9: an option image in a preview is at most 150x125 px.
      expect(image.style.maxWidth).toBe('min(150px, 100%)')
      expect(image.style.maxHeight).toBe('125px')
    },
    unavailable: async () => {
      // SPEC.md §7: failure silently ignored; the image is left out and nothing says so.
      await waitFor(() => expect(screen.queryByTestId('image-loading')).toBeNull())
      expect(screen.queryByRole('img')).toBeNull()
      expect(screen.queryByRole('alert')).toBeNull()
    },
  },
  events: {
    'xstate.done.actor.fetchUrl': async ({ event }: Step) =>
      (await server.last('fetchAttributeImageUrl')).resolve(event.output),
    'xstate.error.actor.fetchUrl': async ({ event }: Step) =>
      (await server.last('fetchAttributeImageUrl')).reject(event.error),
  },
}

describe('attribute image statechart, driving AttributeImage', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(attributeImagePaths.machine, [{ input: attributeImagePaths.input, paths }])
        .refused,
    ).toEqual([])
  })

  for (const path_ of paths) {
    it(describePath(path_), async () => {
      render(
        <WithSession session={testSession()} provide={[signedImage]}>
          <Theme>
            <AttributeImage path={path} alt="Red swatch" maxWidth={150} maxHeight={125} />
          </Theme>
        </WithSession>,
      )
      await view.drive(path_, drive)
    })
  }

  it('shows a chosen file without asking the server, and nothing without a path', () => {
    const { rerender } = render(
      <AttributeImage path={null} src="blob:chosen" alt="Chosen" maxWidth={200} maxHeight={125} />,
    )
    expect(screen.getByRole('img', { name: 'Chosen' })).toHaveAttribute('src', 'blob:chosen')
    rerender(<AttributeImage path={null} alt="None" maxWidth={200} maxHeight={125} />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(server.calls).toHaveLength(0)
  })
})
