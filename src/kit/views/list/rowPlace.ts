import type { CSSProperties } from 'react'

/** A virtual row's box: absolutely placed at its offset, as tall as the virtualizer laid it out. */
export const rowStyle = (top: number, height: number): CSSProperties => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height,
  transform: `translateY(${top}px)`,
})

/** The list item's own attributes: its place in the list for assistive technology. */
export const rowItem = (index: number, setSize: number) =>
  ({ role: 'listitem', 'aria-posinset': index + 1, 'aria-setsize': setSize }) as const
