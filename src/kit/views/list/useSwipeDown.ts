import { useRef, type PointerEvent } from 'react'

type Start = { pointerId: number; y: number }

/**
 * Pointer handlers (mouse, pen and touch alike) for a bottom sheet's grip: when a drag that began
 * on it ends, `onSwipe` hears how far it went down (negative: up). What distance closes the sheet
 * is the drawer chart's business. Give the element `touch-action: none`, so that a finger's drag
 * reaches it rather than scrolling the page.
 */
export function useSwipeDown(onSwipe: (distance: number) => void) {
  const start = useRef<Start | null>(null)
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // A press on a button (Close) stays a click: capturing it would take the click away.
      if ((event.target as Element).closest('button')) return
      start.current = { pointerId: event.pointerId, y: event.clientY }
      // Follow the drag past the grip's edges; jsdom and old browsers lack capture.
      if (typeof event.currentTarget.setPointerCapture === 'function') {
        event.currentTarget.setPointerCapture(event.pointerId)
      }
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const began = start.current
      start.current = null
      if (began && began.pointerId === event.pointerId) onSwipe(event.clientY - began.y)
    },
    onPointerCancel: () => {
      start.current = null
    },
  }
}
