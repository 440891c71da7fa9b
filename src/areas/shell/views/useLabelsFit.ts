import { useLayoutEffect, useRef, useState } from 'react'

/**
 * Whether a row of labelled items fits the room it is given. The room (`room`, an element that
 * takes the free width and clips) is compared with the row inside it (`rowSelector`, as wide as
 * its content): while
 * labelled, a row wider than its room drops to icons only and remembers how wide it was labelled;
 * the labels come back once the room is that wide again. Widths come from the browser, so the
 * switch happens where the labels truly stop fitting, whatever the tabs, font or zoom.
 */
export function useLabelsFit<Room extends HTMLElement>(rowSelector: string) {
  const room = useRef<Room>(null)
  const [fits, setFits] = useState(true)
  const labelledWidth = useRef(0)
  useLayoutEffect(() => {
    const roomElement = room.current
    const rowElement = roomElement?.querySelector(rowSelector)
    if (!roomElement || !rowElement) return
    const measure = () => {
      const available = roomElement.clientWidth
      if (fits) {
        const needed = Math.ceil(rowElement.getBoundingClientRect().width)
        if (needed > available) {
          labelledWidth.current = needed
          setFits(false)
        }
      } else if (available >= labelledWidth.current) setFits(true)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(roomElement)
    observer.observe(rowElement)
    return () => observer.disconnect()
  }, [fits, rowSelector])
  return { room, fits }
}
