import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { png, visagePaths, visageUser as self } from '../../../src/areas/account/paths/visage.paths'
import { signedImageMachine } from '../../../src/kit/machines/signedImage.machine'
import { visageMachine, type VisageSnapshot } from '../../../src/areas/account/machines/visage.machine'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from './profile.support'

// The server calls wait for the path's steps; the image's signed URL comes at once.
const provide = [
  visageMachine.provide({
    actors: {
      upload: stubbed('uploadVisage', ({ ownerId, file }) => [ownerId, file]),
      deleteVisage: stubbed('deleteVisage', ({ userId }) => [userId]),
    },
  }),
  signedImageMachine.provide({
    actors: {
      fetchUrl: fromPromise(({ input }) => {
        const id = input.kind === 'visage' ? input.userId : input.path
        server.calls.push({
          name: 'fetchVisageUrl',
          args: [id],
          resolve: () => {},
          reject: () => {},
        })
        return Promise.resolve(`/v1/files/visage/${id}?sig=test`)
      }),
    },
  }),
]

const { paths } = buildPaths(visagePaths)
const view = viewCoverage(visagePaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: { type: string; message?: string; output?: unknown; error?: unknown } }

const section = () => within(screen.getByRole('region', { name: 'Visage' }))
const dialog = () =>
  screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this visage?' })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })
const dropZone = () => section().getByRole('button', { name: /Drop Image File Here/ })
const fileInput = () => section().getByLabelText('Visage image file')

/** What a person drops or chooses for each refusal of the drop zone (SPEC.md §8). */
const REFUSED: Record<string, File[]> = {
  'Too many files': [png, new File(['x'], 'second.png', { type: 'image/png' })],
  'File type must be image/*': [new File(['hello'], 'notes.txt', { type: 'text/plain' })],
}

function drive(app: App) {
  const expectPresent = async (s: VisageSnapshot) => {
    // While the dialog is open, Radix hides the rest of the page from assistive technology.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await section().findByRole('button', { name: 'Delete Visage' })).toBeInTheDocument()
    expect(section().queryByText('Drop Image File Here')).toBeNull()
    // The image is read through a signed URL fetched for this user.
    await waitFor(() =>
      expect(server.calls.some((c) => c.name === 'fetchVisageUrl' && c.args[0] === self.id)).toBe(
        true,
      ),
    )
    expect(app.session.getSnapshot().context.user?.visage).toBe(s.context.visage)
  }
  const expectDialog = async (s: VisageSnapshot) => {
    await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this visage?' })
    expect(within(dialog()).getByText('Deleting cannot be undone.')).toBeVisible()
    const busy = s.hasTag('busy')
    if (busy) await waitFor(() => expect(inDialog('Delete')).toBeDisabled())
    else expect(inDialog('Delete')).toBeEnabled()
    if (busy) expect(inDialog('Cancel')).toBeDisabled()
    else expect(inDialog('Cancel')).toBeEnabled()
    if (s.hasTag('error'))
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(dialog()).queryByRole('alert')).toBeNull()
  }
  const expectAbsent = async (s: VisageSnapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(await section().findByText('Drop Image File Here')).toBeVisible()
    expect(section().queryByRole('button', { name: 'Delete Visage' })).toBeNull()
    expect(app.session.getSnapshot().context.user?.visage).toBeNull()
    if (s.hasTag('error'))
      expect(await section().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(section().queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      present: async (s: VisageSnapshot) => {
        await expectPresent(s)
      },
      confirmingDelete: expectDialog,
      deleting: async (s: VisageSnapshot) => {
        await expectDialog(s)
        expect((await server.last('deleteVisage')).args[0]).toBe(self.id)
      },
      deleteFailed: expectDialog,
      'absent.ready': expectAbsent,
      'absent.failed': expectAbsent,
      uploading: async () => {
        expect(await section().findByText('Uploading…')).toBeVisible()
        expect(section().getByRole('progressbar', { name: 'Uploading visage' })).toBeInTheDocument()
        expect(dropZone()).toHaveAttribute('aria-busy', 'true')
        const call = await server.last('uploadVisage')
        expect(call.args[0]).toBe(self.id)
        expect((call.args[1] as File).name).toBe('me.png')
      },
    },
    events: {
      'visage.delete': () =>
        app.user.click(section().getByRole('button', { name: 'Delete Visage' })),
      'visage.confirmDelete': () => app.user.click(inDialog('Delete')),
      'visage.cancelDelete': async () => {
        await app.user.click(inDialog('Cancel'))
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      },
      'image.drop': () => app.user.upload(fileInput(), png),
      'image.dropRejected': ({ event }: Step) => {
        // Around user-event, which would drop what `accept` refuses before the drop zone sees it.
        fireEvent.change(fileInput(), { target: { files: REFUSED[event.message ?? ''] } })
      },
      'xstate.done.actor.deleteVisage': async ({ event }: Step) => {
        ;(await server.last('deleteVisage')).resolve(event.output)
        await expectNotified('status', 'Your visage was deleted')
      },
      'xstate.error.actor.deleteVisage': async ({ event }: Step) => {
        ;(await server.last('deleteVisage')).reject(event.error)
        await expectNotified('alert', /^Your visage was not deleted: \S/)
      },
      'xstate.done.actor.upload': async ({ event }: Step) => {
        ;(await server.last('uploadVisage')).resolve(event.output)
        await expectNotified('status', 'Your visage was uploaded')
        await waitFor(async () =>
          expect((await identityDb().users.get(self.id))?.visage).toBe('visage-2'),
        )
      },
      'xstate.error.actor.upload': async ({ event }: Step) => {
        ;(await server.last('uploadVisage')).reject(event.error)
        await expectNotified('alert', /^Your visage was not uploaded: \S/)
      },
    },
  }
}

describe('visage statechart, driving the Profile screen', () => {
  beforeEach(async () => {
    server.reset()
    await identityDb().users.clear()
  })

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(visagePaths.machine, [{ input: visagePaths.input, paths }]).refused).toEqual(
      [],
    )
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(self, '/profile', { provide })
      await screen.findByRole('heading', { name: 'Personal Info' })
      await view.drive(path, drive(app))
    })
  }

  it('offers the drop zone to a user without a visage, by keyboard too', async () => {
    await renderSignedIn(selfUser({ visage: null }), '/profile', { provide })
    const zone = await screen.findByRole('button', { name: /Drop Image File Here/ })
    expect(zone).toHaveAttribute('tabindex', '0')
    expect(within(zone).getByLabelText('Visage image file')).toHaveAttribute('accept', 'image/*')
    expect(within(zone).getByLabelText('Visage image file')).not.toHaveAttribute('multiple')
  })
})
