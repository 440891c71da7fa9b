import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { aService } from '../../../src/kit/fixtures/service.fixtures'
import {
  logoService as service,
  png,
  serviceLogoPaths,
  URL_SIGNED,
} from '../../../src/areas/services/paths/serviceLogo.paths'
import {
  serviceLogoMachine,
  type ServiceLogoSnapshot,
} from '../../../src/areas/services/machines/serviceLogo.machine'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'
import { renderDetail } from './service.support'

// The logo's server calls wait for the path's steps.
const provide = [
  serviceLogoMachine.provide({
    actors: {
      upload: stubbed('uploadServiceLogo', ({ ownerId, file }) => [ownerId, file]),
      removeLogo: stubbed('removeServiceLogo', ({ serviceId }) => [serviceId]),
      fetchLogoUrl: stubbed('fetchServiceLogoUrl', ({ serviceId }) => [serviceId, 'medium']),
    },
  }),
]
const { paths } = buildPaths(serviceLogoPaths)
const view = viewCoverage(serviceLogoPaths)

type App = Awaited<ReturnType<typeof renderDetail>>
type Step = { event: { type: string; message?: string; output?: unknown; error?: unknown } }

const section = () => within(screen.getByRole('region', { name: 'Logo' }))
const fileInput = () => section().getByLabelText('Logo image file')
const REFUSED: Record<string, File[]> = {
  'Too many files': [png, new File(['x'], 'second.png', { type: 'image/png' })],
  'File type must be image/*': [new File(['hello'], 'notes.txt', { type: 'text/plain' })],
}

function drive(app: App) {
  const expectMessage = async (s: ServiceLogoSnapshot) => {
    if (s.hasTag('error'))
      expect(await section().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(section().queryByRole('alert')).toBeNull()
  }
  const expectPresent = async (s: ServiceLogoSnapshot) => {
    expect(await section().findByRole('button', { name: 'Remove Logo' })).toBeInTheDocument()
    expect(section().queryByText('Drop Logo File Here')).toBeNull()
    await expectMessage(s)
  }
  const expectAbsent = async (s: ServiceLogoSnapshot) => {
    expect(await section().findByText('Drop Logo File Here')).toBeVisible()
    expect(section().queryByRole('button', { name: 'Remove Logo' })).toBeNull()
    expect(section().queryByRole('img')).toBeNull()
    await expectMessage(s)
  }
  return {
    states: {
      'present.fetching': async (s: ServiceLogoSnapshot) => {
        await expectPresent(s)
        const call = await server.last('fetchServiceLogoUrl')
        expect(call.args.slice(0, 2)).toEqual([service.id, 'medium'])
      },
      'present.shown': async (s: ServiceLogoSnapshot) => {
        await expectPresent(s)
        expect(await section().findByRole('img', { name: `${service.name} logo` })).toHaveAttribute(
          'src',
          URL_SIGNED,
        )
        expect(section().getByRole('button', { name: 'Remove Logo' })).toBeEnabled()
      },
      'present.unavailable': async (s: ServiceLogoSnapshot) => {
        await expectPresent(s)
        expect(await section().findByText('Logo unavailable')).toBeVisible()
      },
      'present.failed': async (s: ServiceLogoSnapshot) => {
        await expectPresent(s)
        expect(section().getByRole('button', { name: 'Remove Logo' })).toBeEnabled()
      },
      removing: async () => {
        await waitFor(() =>
          expect(section().getByRole('button', { name: 'Remove Logo' })).toBeDisabled(),
        )
        expect((await server.last('removeServiceLogo')).args[0]).toBe(service.id)
      },
      'absent.ready': expectAbsent,
      'absent.failed': expectAbsent,
      uploading: async () => {
        expect(await section().findByText('Uploading…')).toBeVisible()
        expect(section().getByRole('progressbar', { name: 'Uploading logo' })).toBeInTheDocument()
        const call = await server.last('uploadServiceLogo')
        expect(call.args[0]).toBe(service.id)
        expect((call.args[1] as File).name).toBe('logo.png')
      },
    },
    events: {
      'xstate.done.actor.fetchLogoUrl': async ({ event }: Step) =>
        (await server.last('fetchServiceLogoUrl')).resolve(event.output),
      'xstate.error.actor.fetchLogoUrl': async ({ event }: Step) =>
        (await server.last('fetchServiceLogoUrl')).reject(event.error),
      'logo.remove': () => app.user.click(section().getByRole('button', { name: 'Remove Logo' })),
      'xstate.done.actor.removeLogo': async ({ event }: Step) => {
        ;(await server.last('removeServiceLogo')).resolve(event.output)
        await waitFor(async () =>
          expect((await identityDb().services.get(service.id))?.hasLogo).toBe(false),
        )
      },
      'xstate.error.actor.removeLogo': async ({ event }: Step) =>
        (await server.last('removeServiceLogo')).reject(event.error),
      'image.drop': () => app.user.upload(fileInput(), png),
      'image.dropRejected': ({ event }: Step) => {
        // Around user-event, which would drop what `accept` refuses before the drop zone sees it.
        fireEvent.change(fileInput(), { target: { files: REFUSED[event.message ?? ''] } })
      },
      'xstate.done.actor.upload': async ({ event }: Step) => {
        ;(await server.last('uploadServiceLogo')).resolve(event.output)
        await waitFor(async () =>
          expect((await identityDb().services.get(service.id))?.hasLogo).toBe(true),
        )
      },
      'xstate.error.actor.upload': async ({ event }: Step) =>
        (await server.last('uploadServiceLogo')).reject(event.error),
    },
  }
}

describe('service logo statechart, driving the service detail', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    const model = serviceLogoPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderDetail(service, { provide })
      await view.drive(path, drive(app))
    })
  }

  it('offers one image file by keyboard to a service without a logo', async () => {
    await renderDetail(aService({ hasLogo: false }), { provide })
    const zone = await screen.findByRole('button', { name: /Drop Logo File Here/ })
    expect(zone).toHaveAttribute('tabindex', '0')
    expect(within(zone).getByLabelText('Logo image file')).toHaveAttribute('accept', 'image/*')
    expect(within(zone).getByLabelText('Logo image file')).not.toHaveAttribute('multiple')
  })
})
