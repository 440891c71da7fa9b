import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { savedService } from '../../../src/kit/fixtures/service.fixtures'
import {
  serviceTimeoutPaths,
  TIMEOUT_FIELD as FIELD,
  timeoutService as service,
} from '../../../src/areas/services/paths/serviceTimeout.paths'
import type { ServiceTimeoutSnapshot } from '../../../src/areas/services/machines/serviceTimeout.machine'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderDetail } from './service.support'

const LABEL = 'Access Token Timeout'
const MIN = 1
const MAX = 10
const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`

const { paths } = buildPaths(serviceTimeoutPaths)
const view = viewCoverage(serviceTimeoutPaths)

type App = Awaited<ReturnType<typeof renderDetail>>
type Step = { event: { type: string; value?: number; output?: unknown; error?: unknown } }

const group = () => within(screen.getByRole('group', { name: LABEL }))
// The detail pane: its inline messages, not the notifications beside it.
const pane = () => within(screen.getByRole('article'))
const thumb = () => screen.getByRole('slider', { name: LABEL })
const track = () => thumb().closest('.rt-SliderRoot') as HTMLElement
// jsdom has no layout: the slider is 100 px wide from x = 0, and the pointer is captured.
const atValue = (value: number) => ((value - MIN) / (MAX - MIN)) * 100
const capture = { captured: false }

beforeAll(() => {
  Element.prototype.setPointerCapture = () => void (capture.captured = true)
  Element.prototype.hasPointerCapture = () => capture.captured
  Element.prototype.releasePointerCapture = () => void (capture.captured = false)
})
afterAll(() => {
  Element.prototype.hasPointerCapture = () => false
})

function drive(app: App) {
  const expectShown = async (s: ServiceTimeoutSnapshot) => {
    await waitFor(() => expect(thumb()).toHaveAttribute('aria-valuenow', String(s.context.value)))
    expect(group().getByRole('status')).toHaveTextContent(hours(s.context.value))
    if (s.hasTag('error'))
      expect(await pane().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(pane().queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      idle: async (s: ServiceTimeoutSnapshot) => {
        await expectShown(s)
        expect((await identityDb().services.get(service.id))?.[FIELD]).toBe(s.context.saved)
        // After a save, Undo offers the value it replaced.
        const undo = pane().queryByRole('button', { name: /^Undo/ })
        if (s.context.previous !== null && s.context.previous !== s.context.saved)
          expect(undo).toHaveAccessibleName(
            `Undo access token timeout: back to ${hours(s.context.previous)}`,
          )
        else expect(undo).toBeNull()
      },
      adjusting: expectShown,
      failed: async (s: ServiceTimeoutSnapshot) => {
        await expectShown(s)
        // Put back where the server has it.
        expect(s.context.value).toBe(s.context.saved)
      },
      saving: async (s: ServiceTimeoutSnapshot) => {
        await expectShown(s)
        const call = await server.last('updateServiceField')
        expect(call.args.slice(0, 3)).toEqual([service.id, FIELD, s.context.value])
      },
    },
    events: {
      'timeout.change': ({ event }: Step) => {
        const root = track()
        vi.spyOn(root, 'getBoundingClientRect').mockReturnValue(
          DOMRect.fromRect({ x: 0, y: 0, width: 100, height: 10 }),
        )
        if (capture.captured)
          fireEvent.pointerMove(root, { pointerId: 1, clientX: atValue(event.value ?? 0) })
        else fireEvent.pointerDown(root, { pointerId: 1, clientX: atValue(event.value ?? 0) })
      },
      'timeout.commit': async () => {
        if (capture.captured) {
          fireEvent.pointerUp(track(), { pointerId: 1 })
        } else {
          thumb().focus()
          const value = Number(thumb().getAttribute('aria-valuenow'))
          await app.user.keyboard(value < 5 ? '{ArrowRight}' : '{ArrowLeft}')
        }
      },
      'timeout.undo': async () => {
        await app.user.click(pane().getByRole('button', { name: /^Undo/ }))
      },
      'xstate.done.actor.saveTimeout': async ({ event }: Step) => {
        ;(await server.last('updateServiceField')).resolve(event.output)
        await expectNotified('status', 'The access token timeout was saved')
      },
      'xstate.error.actor.saveTimeout': async ({ event }: Step) => {
        ;(await server.last('updateServiceField')).reject(event.error)
        await expectNotified('alert', /^The access token timeout was not saved: \S/)
      },
    },
  }
}

describe('service timeout statechart, driving the access token slider', () => {
  beforeEach(() => {
    server.reset()
    capture.captured = false
  })

  it('takes only steps the production machine takes', () => {
    const model = serviceTimeoutPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderDetail(service)
      await view.drive(path, drive(app))
    })
  }

  it('saves at each arrow key, and shows the refresh timeout in days', async () => {
    const app = await renderDetail(service)
    thumb().focus()
    await app.user.keyboard('{ArrowRight}')
    const call = await server.last('updateServiceField')
    expect(call.args.slice(0, 3)).toEqual([service.id, FIELD, 2])
    call.resolve(savedService(service, { [FIELD]: 2 }))
    await waitFor(() => expect(thumb()).toHaveAttribute('aria-valuenow', '2'))
    expect(thumb()).toHaveFocus()
    const refresh = screen.getByRole('slider', { name: 'Refresh Token Timeout' })
    expect(refresh).toHaveAttribute('aria-valuemax', '60')
    expect(
      within(screen.getByRole('group', { name: 'Refresh Token Timeout' })).getByRole('status'),
    ).toHaveTextContent('30 days')
  })
})
