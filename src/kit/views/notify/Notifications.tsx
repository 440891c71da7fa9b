import {
  CheckCircledIcon,
  Cross2Icon,
  ExclamationTriangleIcon,
  InfoCircledIcon,
} from '../icons/firstLoadIcons'
import { Callout, Flex, IconButton } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useEffect, type CSSProperties, type ReactNode } from 'react'
import type {
  AnchorOrigin,
  NotificationActor,
  NotificationSnapshot,
  NotificationVariant,
} from '../../machines/notification.machine'
import { NOTIFICATION_TIMING } from '../../machines/notification.machine'
import type { SessionSnapshot } from '../../session/session.machine'
import {
  notificationId,
  type NotificationsActor,
  type NotificationsSnapshot,
} from '../../machines/notifications.machine'
import { MEDIA } from '../media/media'
import { useSession } from '../actors/sessionContext'
import { useMediaQuery } from '../media/useMediaQuery'
import { NotificationsContext } from './useNotify'

const COLOR = {
  default: 'gray',
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'amber',
} as const satisfies Record<NotificationVariant, string>

const ICON: Record<NotificationVariant, ReactNode> = {
  default: <InfoCircledIcon />,
  success: <CheckCircledIcon />,
  error: <ExclamationTriangleIcon />,
  info: <InfoCircledIcon />,
  warning: <ExclamationTriangleIcon />,
}

/** The bottom tab bar (SPEC.md §9: 64 px) is there below the desktop breakpoint. */
const BOTTOM_BAR = 64
const GAP = 16
/** Lists end in a Record Count footer (about 40 px): notifications rise above it, never over it. */
const FOOTER = 40

const selectStack = (snapshot: SessionSnapshot) => snapshot.children.notifications

/**
 * The notification stack, mounted once by App: shows the session's 'notifications' child, gives
 * it to the views (`useNotify()`), tells it when the window blurs or gains focus, and renders the
 * visible notifications in their corners.
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const stack = useSelector(useSession(), selectStack)
  if (!stack) throw new Error('The session actor has no notifications child.')
  useEffect(() => {
    const blur = () => stack.send({ type: 'notify.blur' })
    const focus = () => stack.send({ type: 'notify.focus' })
    window.addEventListener('blur', blur)
    window.addEventListener('focus', focus)
    return () => {
      window.removeEventListener('blur', blur)
      window.removeEventListener('focus', focus)
    }
  }, [stack])
  return (
    <NotificationsContext.Provider value={stack}>
      {children}
      <Notifications stack={stack} />
    </NotificationsContext.Provider>
  )
}

type Shown = { key: string; ref: NotificationActor; anchor: AnchorOrigin }

const selectShown = (snapshot: NotificationsSnapshot): Shown[] =>
  snapshot.context.entries.flatMap((entry) => {
    const ref = snapshot.children[notificationId(entry.key)]
    if (entry.status === 'queued' || !ref) return []
    return [{ key: entry.key, ref, anchor: ref.getSnapshot().context.item.anchorOrigin }]
  })
const sameShown = (a: Shown[], b: Shown[]) =>
  a.length === b.length && a.every((item, index) => item.ref === b[index]?.ref)

const anchorName = (anchor: AnchorOrigin) => `${anchor.vertical}-${anchor.horizontal}`

/** The visible notifications, grouped by corner (default bottom-left), newest nearest the edge. */
export function Notifications({ stack }: { stack: NotificationsActor }) {
  const shown = useSelector(stack, selectShown, sameShown)
  const desktop = useMediaQuery(MEDIA.desktop)
  const groups = new Map<string, Shown[]>()
  for (const item of shown) {
    const name = anchorName(item.anchor)
    groups.set(name, [...(groups.get(name) ?? []), item])
  }
  return (
    <>
      {[...groups.entries()].map(([name, items]) => {
        const anchor = items[0]?.anchor ?? { vertical: 'bottom', horizontal: 'left' }
        const style: CSSProperties = {
          position: 'fixed',
          zIndex: 1000,
          maxWidth: `calc(100vw - ${2 * GAP}px)`,
          width: 'max-content',
          pointerEvents: 'none',
          ...(anchor.vertical === 'bottom'
            ? { bottom: (desktop ? 0 : BOTTOM_BAR) + FOOTER + GAP }
            : { top: GAP }),
          ...(anchor.horizontal === 'left'
            ? { left: GAP }
            : anchor.horizontal === 'right'
              ? { right: GAP }
              : { left: '50%', transform: 'translateX(-50%)' }),
        }
        return (
          <Flex
            key={name}
            data-anchor={name}
            direction={anchor.vertical === 'bottom' ? 'column-reverse' : 'column'}
            style={style}
          >
            {items.map((item) => (
              <NotificationCard key={item.key} notification={item.ref} stack={stack} />
            ))}
          </Flex>
        )
      })}
    </>
  )
}

const selectPhase = (s: NotificationSnapshot) =>
  s.hasTag('entering')
    ? 'open'
    : s.hasTag('collapsing')
      ? 'collapsing'
      : s.hasTag('leaving')
        ? 'closing'
        : 'entered'

/** One notification: coloured by variant, with a close button; hovering pauses its auto-hide. */
export function NotificationCard({
  notification,
  stack,
}: {
  notification: NotificationActor
  stack: NotificationsActor
}) {
  const item = useSelector(notification, (s) => s.context.item)
  const phase = useSelector(notification, selectPhase)
  const leaving = phase === 'closing' || phase === 'collapsing'
  const style: CSSProperties = {
    pointerEvents: 'auto',
    overflow: 'hidden',
    // Solid and raised: the variant's tint over the panel colour, never the page through it.
    background: 'linear-gradient(var(--accent-a3), var(--accent-a3)), var(--color-panel-solid)',
    boxShadow: 'inset 0 0 0 1px var(--accent-a6), var(--shadow-4)',
    opacity: leaving ? 0 : 1,
    maxHeight: phase === 'collapsing' ? 0 : 200,
    marginTop: phase === 'collapsing' ? 0 : 8,
    transition: leaving
      ? `opacity ${NOTIFICATION_TIMING.exit}ms, max-height ${NOTIFICATION_TIMING.collapse}ms, margin ${NOTIFICATION_TIMING.collapse}ms`
      : `opacity ${NOTIFICATION_TIMING.enter}ms`,
  }
  return (
    <Callout.Root
      role={item.variant === 'error' || item.variant === 'warning' ? 'alert' : 'status'}
      color={COLOR[item.variant]}
      // Radix's light green 11 on its surface is 4.49:1, just short of WCAG AA: step 12 text.
      highContrast
      variant="surface"
      size="1"
      data-state={phase}
      data-notification={item.key}
      style={style}
      onMouseEnter={() => notification.send({ type: 'notification.pause' })}
      onMouseLeave={() => notification.send({ type: 'notification.resume' })}
    >
      <Callout.Icon>{ICON[item.variant]}</Callout.Icon>
      <Flex align="center" gap="3" style={{ gridColumnStart: 2 }}>
        <Callout.Text>{item.message}</Callout.Text>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          aria-label="Close notification"
          onClick={() => stack.send({ type: 'notify.close', key: item.key })}
        >
          <Cross2Icon />
        </IconButton>
      </Flex>
    </Callout.Root>
  )
}
