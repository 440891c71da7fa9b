import { useSelector } from '@xstate/react'
import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react'
import type { ListActor, ListRow, ListSnapshot } from '../../../kit/machines/list.machine'
import {
  chooseColumns,
  columnNeeds,
  fontsFor,
  rowNeeds,
  type ColumnLayout,
  type ColumnNeeds,
} from './userColumns'
import { describeUser } from './userDisplay'

const selectRows = (snapshot: ListSnapshot) => snapshot.context.rows

/** The checkbox cell (a 32 px target in 40 px) and the row link's padding either side. */
export const CHECK_CELL = 40
const LINK_PADDING = 24

/** What the list has to lay its columns out in: the rows' width and the scrollbar beside them. */
type Room = { rows: number; scrollbar: number; family: string; at: number }

let canvas: CanvasRenderingContext2D | null | undefined
function measureText(text: string, font: string): number {
  canvas ??= document.createElement('canvas').getContext('2d')
  if (!canvas) return 0
  canvas.font = font
  return canvas.measureText(text).width
}

/**
 * What the loaded rows need in each column, each row measured once while the row object stays the
 * same (the list replaces a changed row) and the font is the same.
 */
class ColumnMeasurer {
  private rows = new WeakMap<ListRow, ColumnNeeds>()
  private font = ''

  needs(rows: readonly ListRow[], room: Room, zone: string, fontsLoaded: number): ColumnNeeds {
    const font = `${room.family}/${fontsLoaded}`
    if (font !== this.font) {
      this.rows = new WeakMap()
      this.font = font
    }
    const fonts = fontsFor(room.family)
    const each = rows.map((row) => {
      let found = this.rows.get(row)
      if (!found) {
        found = rowNeeds(describeUser(row, zone, room.at), measureText, fonts)
        this.rows.set(row, found)
      }
      return found
    })
    return columnNeeds(each, measureText, fonts)
  }
}

/**
 * Watches the list's width (ResizeObserver: the window, the docked filter drawer opening) and
 * measures the loaded rows' values with a canvas, so the columns fit their content (review item
 * 3). Without layout (jsdom) nothing is observed and every column shows, as before.
 */
export function useColumnLayout(
  wrapper: RefObject<HTMLDivElement | null>,
  list: ListActor,
  wide: boolean,
  checkboxes: boolean,
  zone: string,
): { layout: ColumnLayout; scrollbar: number } {
  const rows = useSelector(list, selectRows)
  const [room, setRoom] = useState<Room | null>(null)
  const [fontsLoaded, setFontsLoaded] = useState(0)
  const [measurer] = useState(() => new ColumnMeasurer())

  useLayoutEffect(() => {
    const box = wrapper.current
    if (!box || !wide) return
    const read = () => {
      // The rows' box is the virtual list's inner element: the scroller's width less its scrollbar.
      const inner = box.querySelector<HTMLElement>('[role="list"]')
      const width = inner?.clientWidth ?? box.clientWidth
      const next = {
        rows: width,
        scrollbar: Math.max(0, box.clientWidth - width),
        family: getComputedStyle(box).fontFamily,
        // The moment 'n days ago' is measured at.
        at: Date.now(),
      }
      setRoom((was) =>
        was &&
        was.rows === next.rows &&
        was.scrollbar === next.scrollbar &&
        was.family === next.family
          ? was
          : next,
      )
    }
    const observer = new ResizeObserver(read)
    // Read at once where there is layout (jsdom has none, nor document.fonts), so the first paint
    // has the columns; the observer's own first call comes a frame later.
    if ('fonts' in document) read()
    observer.observe(box)
    // The virtual list's inner element is there from the start; it narrows when a scrollbar comes.
    const inner = box.querySelector('[role="list"]')
    if (inner) observer.observe(inner)
    return () => observer.disconnect()
  }, [wrapper, wide])

  useEffect(() => {
    // A web font that arrives later is wider or narrower than the fallback measured before it.
    let live = true
    void document.fonts?.ready.then(() => {
      if (live) setFontsLoaded((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [])

  const needs = useMemo(
    () => (wide && room ? measurer.needs(rows, room, zone, fontsLoaded) : null),
    [measurer, wide, room, rows, zone, fontsLoaded],
  )

  const layout = useMemo(() => {
    if (!wide || !room || !needs) return chooseColumns(wide, null, null)
    const available = room.rows - LINK_PADDING - (checkboxes ? CHECK_CELL : 0)
    return chooseColumns(wide, available, needs)
  }, [wide, room, needs, checkboxes])
  return { layout, scrollbar: room?.scrollbar ?? 0 }
}
