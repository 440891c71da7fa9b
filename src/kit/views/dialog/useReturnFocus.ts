import { useState } from 'react'

/** How long the focus follows an opener that is replaced as the dialog's change lands. */
const FOLLOW_MS = 1_000

/**
 * Gives the focus back to `origin`; if the opener is then replaced (the change the dialog made
 * re-renders it: a deleted service's Restore takes the place of Delete), to the element that took
 * its place, found by the same `data-focus-key`, while the focus is nowhere else.
 */
function returnFocusTo(origin: HTMLElement) {
  if (origin.isConnected) origin.focus()
  const key = origin.dataset.focusKey
  if (!key) return
  const until = performance.now() + FOLLOW_MS
  const follow = () => {
    const lost = document.activeElement === null || document.activeElement === document.body
    const successor = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)
    if (lost && successor && successor !== origin) successor.focus()
    else if (performance.now() < until && (lost || document.activeElement === origin))
      requestAnimationFrame(follow)
  }
  requestAnimationFrame(follow)
}

/**
 * For a dialog with no Trigger (a statechart opens it): remembers what had the focus when it
 * opened and gives the focus back there when it closes, as Radix does for a dialog's own trigger.
 * Spread the result on `Dialog.Content` / `AlertDialog.Content`.
 */
export function useReturnFocus(open: boolean) {
  const [wasOpen, setWasOpen] = useState(open)
  const [origin, setOrigin] = useState<Element | null>(null)
  // Adjusting state while rendering, as React documents: the opening render runs before the
  // dialog takes the focus (its first field may have autoFocus), so the opener still has it.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOrigin(document.activeElement)
  }
  return {
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      if (origin instanceof HTMLElement) returnFocusTo(origin)
    },
  }
}
