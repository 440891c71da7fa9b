import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  visageImagePaths,
  visageImageUrl as url,
  visageImageUser as self,
} from '../../../src/kit/paths/signedImage.paths'
import {
  signedImageMachine,
  type SignedImageInput,
  type SignedImageSnapshot,
} from '../../../src/kit/machines/signedImage.machine'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from './profile.support'

// The user menu's avatar reads the visage's signed URL through the one signed-image machine.
const signedImage = signedImageMachine.provide({
  actors: {
    fetchUrl: stubbed<string, SignedImageInput>('fetchVisageUrl', (image) => [
      image.kind === 'visage' ? image.userId : image.path,
    ]),
  },
})
const provide = [signedImage]

const { paths } = buildPaths(visageImagePaths)
const view = viewCoverage(visageImagePaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }

// jsdom loads no images; this one says every image loaded, so Radix's Avatar shows it.
// (jsdom's Image constructor returns its own element, so a subclass's getters would be lost.)
function LoadedImage() {
  const image = document.createElement('img')
  Object.defineProperty(image, 'complete', { get: () => image.src !== '' })
  Object.defineProperty(image, 'naturalWidth', { get: () => (image.src ? 64 : 0) })
  return image
}

const menuButton = () => screen.getByRole('button', { name: /user menu/i })

const drive = {
  states: {
    fetching: async () => {
      expect((await server.last('fetchVisageUrl')).args[0]).toBe(self.id)
      await waitFor(() => expect(menuButton()).toHaveTextContent('AL'))
    },
    shown: async (s: SignedImageSnapshot) => {
      await waitFor(() =>
        expect(menuButton().querySelector('img')).toHaveAttribute('src', s.context.url),
      )
      expect(menuButton()).toHaveAccessibleName('AL, user menu for Ada Lovelace')
    },
    unavailable: async () => {
      // Any error swallowed (SPEC.md §7): the initials stay, and nothing else says so.
      await waitFor(() => expect(menuButton()).toHaveTextContent('AL'))
      expect(menuButton().querySelector('img')).toBeNull()
      expect(screen.queryByRole('alert')).toBeNull()
    },
  },
  events: {
    'xstate.done.actor.fetchUrl': async ({ event }: Step) =>
      (await server.last('fetchVisageUrl')).resolve(event.output),
    'xstate.error.actor.fetchUrl': async ({ event }: Step) =>
      (await server.last('fetchVisageUrl')).reject(event.error),
  },
}

describe('visage image statechart, driving the user menu avatar', () => {
  const RealImage = window.Image
  beforeEach(() => {
    server.reset()
    window.Image = LoadedImage as unknown as typeof Image
  })
  afterEach(() => {
    window.Image = RealImage
  })

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(visageImagePaths.machine, [{ input: visageImagePaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await renderSignedIn(self, '/home', { provide })
      await view.drive(path, drive)
    })
  }

  it('fetches a new URL when the visage changes, and shows initials without one', async () => {
    const app = await renderSignedIn(self, '/home', { provide })
    ;(await server.last('fetchVisageUrl')).resolve(url)
    await waitFor(() => expect(menuButton().querySelector('img')).toHaveAttribute('src', url))

    app.session.send({ type: 'self.updated', changes: { visage: 'visage-2' } })
    await waitFor(() =>
      expect(server.calls.filter((c) => c.name === 'fetchVisageUrl')).toHaveLength(2),
    )
    ;(await server.last('fetchVisageUrl')).resolve(`${url}2`)
    await waitFor(() => expect(menuButton().querySelector('img')).toHaveAttribute('src', `${url}2`))

    app.session.send({ type: 'self.updated', changes: { visage: null } })
    await waitFor(() => expect(menuButton()).toHaveTextContent('AL'))
    expect(menuButton().querySelector('img')).toBeNull()
    expect(server.calls.filter((c) => c.name === 'fetchVisageUrl')).toHaveLength(2)
  })
})
