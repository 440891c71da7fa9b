import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { finalState } from './finalState'

/** SPEC.md §9 'Notifications': the timings of one notification. */
export const NOTIFICATION_TIMING = {
  enter: 225,
  exit: 195,
  collapse: 175,
  autoHide: 5000,
} as const

export type NotificationVariant = 'default' | 'success' | 'error' | 'info' | 'warning'
export type AnchorOrigin = {
  vertical: 'top' | 'bottom'
  horizontal: 'left' | 'center' | 'right'
}

/** SPEC.md §3 'Notification item', as callers give it. */
export type NotificationItem = {
  key?: string
  message: string
  variant?: NotificationVariant
  persist?: boolean
  preventDuplicate?: boolean
  autoHideDuration?: number
  anchorOrigin?: AnchorOrigin
}

/** The item with every default filled in (a key, bottom-left, 5000 ms). */
export type ResolvedNotification = Required<NotificationItem>

export type NotificationContext = {
  item: ResolvedNotification
  /** What the running auto-hide timer waits: the whole duration, then half after a pause. */
  timeout: number
  /** Hovered or blurred while entering: it enters paused. */
  paused: boolean
}

export type NotificationEvent =
  | { type: 'notification.show' }
  | { type: 'notification.pause' }
  | { type: 'notification.resume' }
  | { type: 'notification.close' }

/**
 * One notification (SPEC.md §4 'Notifications'): queued until the stack has room, open while it
 * enters, entered while it waits to auto-hide (hover or window blur pauses; mouse leave or window
 * focus restarts the timer at half the duration; a persistent one never auto-hides), closing while it
 * leaves and its space collapses, then exited: it tells the stack, which forgets it.
 */
export const notificationMachine = setup({
  types: {
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
    input: {} as { item: ResolvedNotification },
  },
  delays: {
    enter: NOTIFICATION_TIMING.enter,
    exit: NOTIFICATION_TIMING.exit,
    collapse: NOTIFICATION_TIMING.collapse,
    autoHide: ({ context }) => context.timeout,
  },
  guards: {
    persistent: ({ context }) => context.item.persist,
    paused: ({ context }) => context.paused,
  },
  actions: {
    halveTimeout: assign({ timeout: ({ context }) => context.item.autoHideDuration / 2 }),
    reportExited: ({ context, self }) => {
      self._parent?.send({ type: 'notify.exited', key: context.item.key })
    },
  },
}).createMachine({
  id: 'notification',
  meta: { spec: ['§4.16'] },
  description: 'One notification of the stack, from queued to exited.',
  context: ({ input }) => ({
    item: input.item,
    timeout: input.item.autoHideDuration,
    paused: false,
  }),
  initial: 'queued',
  states: {
    queued: {
      description: 'Waiting for room: three are visible.',
      on: {
        'notification.show': { target: 'open', description: 'The stack had room for it.' },
        'notification.close': {
          target: 'exited',
          description: 'It was dismissed before it was shown.',
        },
      },
    },
    open: {
      description: 'Entering (225 ms).',
      // 'entering': the card fades in.
      tags: ['visible', 'entering'],
      after: {
        enter: [
          {
            guard: 'persistent',
            target: 'entered.held',
            description: 'It finished entering; persistent, it stays until closed.',
          },
          {
            guard: 'paused',
            target: 'entered.paused',
            description: 'It finished entering while hovered, or with the window blurred.',
          },
          {
            target: 'entered.running',
            description: 'It finished entering (225 ms); the auto-hide timer started.',
          },
        ],
      },
      on: {
        'notification.pause': {
          actions: assign({ paused: true }),
          description: 'It was hovered, or the window lost focus, while it entered.',
        },
        'notification.resume': {
          actions: assign({ paused: false }),
          description: 'The mouse left it, or the window regained focus, while it entered.',
        },
        'notification.close': { target: 'closing', description: 'Its close button was pressed.' },
      },
    },
    entered: {
      description: 'Shown, waiting to auto-hide.',
      tags: ['visible'],
      initial: 'running',
      on: {
        'notification.close': {
          target: 'closing',
          description:
            'Its close button was pressed (or a fourth notice pushed this oldest one out).',
        },
      },
      states: {
        running: {
          description: 'The auto-hide timer runs.',
          after: {
            autoHide: {
              target: '#notification.closing',
              description: 'Its time passed (5 seconds, or half that after a pause).',
            },
          },
          on: {
            'notification.pause': {
              target: 'paused',
              description: 'It was hovered, or the window lost focus.',
            },
            'notification.resume': {
              target: 'running',
              reenter: true,
              actions: 'halveTimeout',
              description: 'The window regained focus: the timer restarted at half the duration.',
            },
          },
        },
        paused: {
          description: 'Hovered, or the window lost focus: it stays.',
          on: {
            'notification.resume': {
              target: 'running',
              actions: 'halveTimeout',
              description:
                'The mouse left it, or the window regained focus: the timer restarted at half the duration.',
            },
          },
        },
        held: { description: 'Persistent: it stays until closed.' },
      },
    },
    closing: {
      description: 'Leaving (195 ms), then its space collapses (175 ms).',
      tags: ['visible'],
      initial: 'leaving',
      states: {
        leaving: {
          description: 'The card fades out.',
          // 'leaving': the card fades out, still taking its space.
          tags: ['leaving'],
          after: { exit: { target: 'collapsing', description: 'It faded out (195 ms).' } },
        },
        collapsing: {
          description: 'The space the card took closes.',
          // 'collapsing': the card is gone and its space shrinks to nothing.
          tags: ['leaving', 'collapsing'],
          after: {
            collapse: { target: '#notification.exited', description: 'Its space closed (175 ms).' },
          },
        },
      },
    },
    exited: finalState('Gone; the stack forgets it.', { entry: 'reportExited' }),
  },
})

export type NotificationActor = ActorRefFrom<typeof notificationMachine>
export type NotificationSnapshot = SnapshotFrom<typeof notificationMachine>
