import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react'
import type { Rect } from '../../../../flows/layout'

export type View = { x: number; y: number; scale: number }

const MIN = 0.15
const MAX = 3
const STEP = 1.25
const PAN = 60
/** A press that moves less than this is a click, not a drag. */
const SLOP = 4

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

type Size = { width: number; height: number }

function fitView(size: Size, area: Size, mode: 'width' | 'all', floor: number): View {
  const byWidth = area.width / size.width
  const scale = clamp(
    Math.min(1, mode === 'width' ? byWidth : Math.min(byWidth, area.height / size.height)),
    mode === 'width' ? floor : MIN,
    MAX,
  )
  return { scale, x: Math.max(0, (area.width - size.width * scale) / 2), y: 0 }
}

/**
 * Pan and zoom of the diagram inside its viewport: drag or arrow keys to pan, ctrl + wheel or
 * +/− to zoom, fit to the width or to the whole viewport. Until the person moves it, the view
 * follows the viewport's width (fit to width); a new `key` (another machine) starts over.
 */
export function usePanZoom(
  viewport: RefObject<HTMLDivElement | null>,
  size: Size | undefined,
  key: unknown,
  /** Fit to width never goes below this: in a narrow panel the text would be dust. */
  widthFloor = MIN,
) {
  const [box, setBox] = useState<Size>({ width: 0, height: 0 })
  const [moved, setMoved] = useState<{ key: unknown; view: View }>()
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null)
  const dragged = useRef(false)

  useEffect(() => {
    const el = viewport.current
    if (!el) return
    const observer = new ResizeObserver(() =>
      setBox({ width: el.clientWidth, height: el.clientHeight }),
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [viewport])

  // jsdom (and a hidden tab) lay nothing out: draw at 1:1 rather than at zero.
  const area = { width: box.width || size?.width || 1, height: box.height || size?.height || 1 }
  const fitted = (mode: 'width' | 'all') =>
    size ? fitView(size, area, mode, widthFloor) : undefined
  const view = (moved && moved.key === key ? moved.view : fitted('width')) ?? {
    x: 0,
    y: 0,
    scale: 1,
  }

  const update = (change: (v: View) => View) =>
    setMoved((m) => ({ key, view: change(m && m.key === key ? m.view : view) }))

  const fit = (mode: 'width' | 'all') => {
    const v = fitted(mode)
    if (v) setMoved({ key, view: v })
  }

  const zoom = (factor: number, at?: { x: number; y: number }) =>
    update((v) => {
      const p = at ?? { x: area.width / 2, y: area.height / 2 }
      const scale = clamp(v.scale * factor, MIN, MAX)
      const k = scale / v.scale
      return { scale, x: p.x - (p.x - v.x) * k, y: p.y - (p.y - v.y) * k }
    })

  const pan = (dx: number, dy: number) => update((v) => ({ ...v, x: v.x + dx, y: v.y + dy }))

  /** Brings a rectangle of the diagram into view (a label reached with Tab). */
  const reveal = (rect: Rect) =>
    update((v) => {
      const left = rect.x * v.scale + v.x
      const top = rect.y * v.scale + v.y
      const right = left + rect.width * v.scale
      const bottom = top + rect.height * v.scale
      const margin = 24
      let { x, y } = v
      if (left < margin) x += margin - left
      else if (right > area.width - margin) x -= right - area.width + margin
      if (top < margin) y += margin - top
      else if (bottom > area.height - margin) y -= bottom - area.height + margin
      return { ...v, x, y }
    })

  const wheelZoom = useEffectEvent(zoom)

  // Ctrl + wheel zooms; a plain wheel scrolls the page as usual. React's wheel listener is
  // passive, so this one is added by hand to be allowed to stop the browser's own zoom.
  useEffect(() => {
    const el = viewport.current
    if (!el) return
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return
      event.preventDefault()
      const bounds = el.getBoundingClientRect()
      wheelZoom(event.deltaY < 0 ? 1.1 : 1 / 1.1, {
        x: event.clientX - bounds.left,
        y: event.clientY - bounds.top,
      })
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [viewport])

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return
      drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false }
      dragged.current = false
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const d = drag.current
      if (!d || d.id !== event.pointerId) return
      const dx = event.clientX - d.x
      const dy = event.clientY - d.y
      if (!d.moved && Math.hypot(dx, dy) < SLOP) return
      if (!d.moved) event.currentTarget.setPointerCapture(event.pointerId)
      d.moved = true
      d.x = event.clientX
      d.y = event.clientY
      pan(dx, dy)
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (drag.current?.id !== event.pointerId) return
      dragged.current = drag.current.moved
      drag.current = null
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [PAN, 0],
        ArrowRight: [-PAN, 0],
        ArrowUp: [0, PAN],
        ArrowDown: [0, -PAN],
      }
      const move = moves[event.key]
      if (move) pan(...move)
      else if (event.key === '+' || event.key === '=') zoom(STEP)
      else if (event.key === '-') zoom(1 / STEP)
      else return
      event.preventDefault()
    },
  }

  return {
    view,
    fit,
    zoomIn: () => zoom(STEP),
    zoomOut: () => zoom(1 / STEP),
    reveal,
    handlers,
    /** Whether the press that just ended was a drag: its click must not take a transition. */
    wasDrag: () => dragged.current,
  }
}
