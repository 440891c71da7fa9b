import { useCallback, type RefObject } from 'react'
import { PAGE_SIZE } from '../../machines/list.machine'

/** SPEC.md §9: the next page is read when this item of the last page comes into view. */
export const NEAR_END_POSITION = 40

/** The index of item 40 of the last loaded page, or -1 when no further page can follow. */
export function nearEndIndex(loaded: number): number {
  return loaded < PAGE_SIZE ? -1 : loaded - PAGE_SIZE + NEAR_END_POSITION - 1
}

/**
 * A ref for the near-end row: when it enters the scroller (root margin 100px, threshold 0.1, as
 * SPEC.md §9 says), `onNearEnd` runs. `generation` changes with the loaded rows, so that the row
 * is watched afresh after every read, and a row already in view asks again.
 */
export function useNearEnd(
  root: RefObject<HTMLElement | null>,
  onNearEnd: () => void,
  generation: unknown,
) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) onNearEnd()
        },
        { root: root.current, rootMargin: '100px', threshold: 0.1 },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `generation` is the point: a new ref per read makes React observe the row afresh.
    [root, onNearEnd, generation],
  )
}
