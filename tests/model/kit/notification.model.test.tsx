import { Theme } from '@radix-ui/themes'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { item, notificationPaths } from '../../../src/kit/paths/notification.paths'
import {
  NOTIFICATION_TIMING,
  notificationMachine,
  type NotificationActor,
  type NotificationSnapshot,
} from '../../../src/kit/machines/notification.machine'
import type { NotificationsActor } from '../../../src/kit/machines/notifications.machine'
import { NotificationCard } from '../../../src/kit/views/notify/Notifications'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const models = notificationPaths.map(({ persist, model }) => ({
  persist,
  model,
  paths: buildPaths(model).paths,
}))

const card = () =>
  screen.getByText(/^(Your name was saved|Kept until closed)$/).closest('[data-state]')
const phase = () => card()?.getAttribute('data-state')
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

function drive(actor: NotificationActor) {
  const visible = (state: string) => () => {
    expect(phase()).toBe(state)
    expect(within(card() as HTMLElement).getByRole('button', { name: 'Close notification' }))
  }
  return {
    states: {
      queued: () => expect(actor.getSnapshot().value).toBe('queued'),
      open: visible('open'),
      'entered.running': visible('entered'),
      'entered.paused': visible('entered'),
      'entered.held': visible('entered'),
      'closing.leaving': visible('closing'),
      'closing.collapsing': visible('collapsing'),
      // The stack hears of it and forgets it (notifications.model.test.tsx).
      exited: () => expect(actor.getSnapshot().status).toBe('done'),
    },
    events: {
      'notification.show': () => {
        act(() => actor.send({ type: 'notification.show' }))
      },
      'notification.pause': () => {
        fireEvent.mouseEnter(card() as HTMLElement)
      },
      'notification.resume': () => {
        // Mouse leave after a hover; while running it is the window regaining focus, which the
        // stack forwards (notifications.model.test.tsx).
        if (!actor.getSnapshot().matches({ entered: 'running' }))
          fireEvent.mouseLeave(card() as HTMLElement)
        else act(() => actor.send({ type: 'notification.resume' }))
      },
      'notification.close': () => {
        if (actor.getSnapshot().matches('queued'))
          act(() => actor.send({ type: 'notification.close' }))
        else
          fireEvent.click(
            within(card() as HTMLElement).getByRole('button', { name: 'Close notification' }),
          )
      },
      'xstate.after.enter.notification.open': () => tick(NOTIFICATION_TIMING.enter),
      'xstate.after.autoHide.notification.entered.running': () => {
        // The whole duration, or half of it after a resume: a moment before, it is still there.
        const timeout = actor.getSnapshot().context.timeout
        tick(timeout - 1)
        expect(actor.getSnapshot().matches({ entered: 'running' })).toBe(true)
        tick(1)
      },
      'xstate.after.exit.notification.closing.leaving': () => tick(NOTIFICATION_TIMING.exit),
      'xstate.after.collapse.notification.closing.collapsing': () =>
        tick(NOTIFICATION_TIMING.collapse),
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('notification statechart, driving a notification card', () => {
  it('takes only steps the production machine takes', () => {
    const coverage = coverageOf(
      notificationMachine,
      models.map(({ model, paths }) => ({ input: model.input, paths })),
    )
    expect(coverage.refused).toEqual([])
  })

  const view = viewCoverage({ machine: notificationMachine })
  for (const { persist, model, paths } of models) {
    for (const path of paths) {
      it(`${persist ? 'persistent: ' : ''}${describePath(path)}`, async () => {
        const actor = createActor(notificationMachine, {
          input: { item: item(persist) },
          inspect: view.inspect,
        }).start()
        // The close button asks the stack, which tells the notification.
        const stack = {
          send: () => actor.send({ type: 'notification.close' }),
        } as unknown as NotificationsActor
        render(
          <Theme>
            <NotificationCard notification={actor} stack={stack} />
          </Theme>,
        )
        await view.drive(path, drive(actor), model.input)
        const snapshot: NotificationSnapshot = actor.getSnapshot()
        expect(snapshot.matches(path.state.value as never)).toBe(true)
      })
    }
  }
})
