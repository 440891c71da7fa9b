import { Theme } from '@radix-ui/themes'
import { render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestModel } from 'xstate/graph'
import {
  attributeImageMachine,
  type AttributeImageSnapshot,
} from '../../src/machines/attributeImage.machine'
import { AttributeImage } from '../../src/views/attributes/preview/AttributeImage'
import { asTestMachine } from './asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { refusal, server } from './profile.support'

vi.mock('../../src/data/api/attributes', async () => {
  const { server } = await import('./profile.support')
  return { fetchAttributeImageUrl: server.stub('fetchAttributeImageUrl') }
})

const path = 'attributes/red-swatch'
const url = '/v1/files/attributes/red-swatch?expires=1&sig=test'

const events = [
  { type: 'xstate.done.actor.fetchImageUrl', output: url },
  { type: 'xstate.error.actor.fetchImageUrl', error: refusal(404, 'There is no such image.') },
]

const testMachine = asTestMachine(attributeImageMachine)
const model = createTestModel(testMachine, { events, input: { path } })
const paths = model.getShortestPaths()

type Step = { event: { type: string; output?: unknown; error?: unknown } }

const drive = {
  states: {
    fetching: async () => {
      expect((await server.last('fetchAttributeImageUrl')).args[0]).toBe(path)
      expect(screen.getByTestId('image-loading')).toBeInTheDocument()
      expect(screen.queryByRole('img')).toBeNull()
    },
    shown: async (s: AttributeImageSnapshot) => {
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
    'xstate.done.actor.fetchImageUrl': async ({ event }: Step) =>
      (await server.last('fetchAttributeImageUrl')).resolve(event.output),
    'xstate.error.actor.fetchImageUrl': async ({ event }: Step) =>
      (await server.last('fetchAttributeImageUrl')).reject(event.error),
  },
}

describe('attribute image statechart, driving AttributeImage', () => {
  beforeEach(() => server.reset())

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path_ of paths) {
    it(describePath(path_), async () => {
      render(
        <Theme>
          <AttributeImage path={path} alt="Red swatch" maxWidth={150} maxHeight={125} />
        </Theme>,
      )
      await path_.test(drive)
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
