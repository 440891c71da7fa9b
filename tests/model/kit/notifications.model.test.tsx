import { Theme } from '@radix-ui/themes'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { DUPLICATE, ITEMS, notificationsPaths } from '../../../src/kit/paths/notifications.paths'
import { NOTIFICATION_TIMING, type NotificationItem } from '../../../src/kit/machines/notification.machine'
import {
  MAX_VISIBLE,
  notificationId,
  notificationsMachine,
  type NotificationsActor,
  type NotificationsEvent,
  type NotificationsSnapshot,
} from '../../../src/kit/machines/notifications.machine'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { testSession, WithSession } from '../../setup/session'
import { viewCoverage } from '../viewCoverage'
import { useNotify, type EnqueueSnackbar } from '../../../src/kit/views/notify/useNotify'
import { NotificationsContext } from '../../../src/kit/views/notify/useNotify'
import { useContext } from 'react'

const { paths } = buildPaths(notificationsPaths)
const view = viewCoverage(notificationsPaths)

// describePath, with the notification each step is about.
const name = (path: (typeof paths)[number]) =>
  `reaches ${JSON.stringify(path.state.value)}: ` +
  path.steps
    .map(({ event }) => event)
    .filter((event) => (event.type as string) !== 'xstate.init')
    .map((event) =>
      'item' in event
        ? `${event.type}(${event.item.key})`
        : 'key' in event
          ? `${event.type}(${event.key})`
          : event.type,
    )
    .join(' → ')

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })
const message = (key: string) =>
  [...ITEMS, DUPLICATE].find((item) => item.key === key)?.message ?? key
const cardOf = (key: string) =>
  screen.getByText(message(key)).closest('[data-notification]') as HTMLElement

type Driven = { stack: NotificationsActor; notify: EnqueueSnackbar }

function Probe({ onReady }: { onReady: (driven: Driven) => void }) {
  const notify = useNotify()
  const stack = useContext(NotificationsContext)
  useEffect(() => {
    if (stack) onReady({ stack, notify })
  }, [notify, stack, onReady])
  return null
}

const child = (stack: NotificationsActor, key: string) =>
  stack.getSnapshot().children[notificationId(key)]

function drive(driven: Driven) {
  const { stack, notify } = driven
  // Whatever the state, the screen shows exactly the shown and closing ones, never more than 3.
  const check = (snapshot: NotificationsSnapshot) => {
    const { entries } = stack.getSnapshot().context
    expect(entries).toEqual(snapshot.context.entries)
    const onScreen = entries.filter((entry) => entry.status !== 'queued')
    expect(onScreen.length).toBeLessThanOrEqual(MAX_VISIBLE)
    const cards = document.querySelectorAll('[data-notification]')
    expect([...cards].map((card) => card.getAttribute('data-notification')).sort()).toEqual(
      onScreen.map((entry) => entry.key).sort(),
    )
    for (const entry of entries) {
      const ref = child(stack, entry.key)
      const value = ref?.getSnapshot()
      if (entry.status === 'queued') expect(value?.value).toBe('queued')
      if (entry.status === 'closing') expect(value?.matches('closing')).toBe(true)
    }
  }
  const shownChildren = () =>
    stack
      .getSnapshot()
      .context.entries.filter((entry) => entry.status === 'shown')
      .map((entry) => child(stack, entry.key)?.getSnapshot())
  return {
    states: {
      empty: (snapshot: NotificationsSnapshot) => {
        check(snapshot)
        expect(screen.queryByRole('status')).toBeNull()
        expect(screen.queryByRole('alert')).toBeNull()
      },
      showing: (snapshot: NotificationsSnapshot) => {
        check(snapshot)
        expect(snapshot.context.entries.length).toBeGreaterThan(0)
      },
    },
    events: {
      'notify.enqueue': ({ event }: { event: NotificationsEvent }) => {
        if (event.type !== 'notify.enqueue') return
        act(() => notify(event.item))
        expect(screen.queryAllByText(event.item.message).length).toBeLessThanOrEqual(1)
        // The shown ones finish entering, unless one is leaving: its exit is the path's to time.
        if (stack.getSnapshot().context.entries.every((entry) => entry.status !== 'closing'))
          tick(NOTIFICATION_TIMING.enter)
      },
      'notify.close': ({ event }: { event: NotificationsEvent }) => {
        if (event.type !== 'notify.close') return
        fireEvent.click(
          within(cardOf(event.key)).getByRole('button', { name: 'Close notification' }),
        )
      },
      // Several may be leaving at once; the path picks which one is gone first, so the step says
      // for it what its notification says at the end of its exit and collapse.
      'notify.exited': ({ event }: { event: NotificationsEvent }) => {
        if (event.type !== 'notify.exited') return
        expect(child(stack, event.key)?.getSnapshot().matches('closing')).toBe(true)
        act(() => stack.send(event))
      },
      'notify.blur': () => {
        fireEvent.blur(window)
        for (const s of shownChildren()) expect(s?.matches({ entered: 'running' })).toBe(false)
      },
      'notify.focus': () => {
        fireEvent.focus(window)
        for (const s of shownChildren()) expect(s?.matches({ entered: 'paused' })).toBe(false)
      },
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('notifications statechart, driving the notification stack', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(notificationsMachine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(name(path), async () => {
      let driven: Driven | undefined
      render(
        <WithSession session={testSession()}>
          <Theme>
            <NotifyProvider>
              <Probe onReady={(d) => (driven = d)} />
            </NotifyProvider>
          </Theme>
        </WithSession>,
      )
      if (!driven) throw new Error('The stack did not mount.')
      await view.drive(path, drive(driven) as never)
    })
  }
})

describe('the notification stack, on its own timers', () => {
  const mount = () => {
    let driven: Driven | undefined
    render(
      <WithSession session={testSession()}>
        <Theme>
          <NotifyProvider>
            <Probe onReady={(d) => (driven = d)} />
          </NotifyProvider>
        </Theme>
      </WithSession>,
    )
    if (!driven) throw new Error('The stack did not mount.')
    return driven
  }
  const { enter, autoHide, exit, collapse } = NOTIFICATION_TIMING

  it('auto-hides after 5 s, then the stack forgets it; hover holds it', () => {
    const { stack, notify } = mount()
    act(() => notify({ message: 'Your name was saved', variant: 'success' }))
    act(() => notify({ message: 'Your email was saved', variant: 'success' }))
    const held = screen.getByText('Your email was saved').closest('[data-notification]')
    fireEvent.mouseEnter(held as HTMLElement)
    tick(enter + autoHide + exit + collapse)
    expect(screen.queryByText('Your name was saved')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Your email was saved')
    fireEvent.mouseLeave(held as HTMLElement)
    tick(autoHide / 2 + exit + collapse)
    expect(screen.queryByRole('status')).toBeNull()
    expect(stack.getSnapshot().matches('empty')).toBe(true)
  })

  it('sits bottom-left by default and where anchorOrigin says otherwise', () => {
    const { notify } = mount()
    act(() => notify({ message: 'Saved' }))
    act(() =>
      notify({
        message: 'Failed',
        variant: 'error',
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
      }),
    )
    expect(screen.getByRole('status').closest('[data-anchor]')).toHaveAttribute(
      'data-anchor',
      'bottom-left',
    )
    expect(screen.getByRole('alert').closest('[data-anchor]')).toHaveAttribute(
      'data-anchor',
      'top-right',
    )
  })

  it('refuses a call with no message', () => {
    const { notify } = mount()
    expect(() => notify({} as NotificationItem)).toThrow(
      'enqueueSnackbar called with invalid argument',
    )
  })
})
