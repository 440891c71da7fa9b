import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'

/** The notifications on screen (SPEC.md §4), as a person hears them: role and words. */
export const notifications = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-notification]'), (n) => ({
    role: n.getAttribute('role'),
    text: n.textContent,
  }))

/**
 * A success ('status') or failure ('alert') notification with these words comes up; a pattern
 * for a failure names what failed and leaves the reason (the inline message's words) open.
 */
export async function expectNotified(role: 'status' | 'alert', text: string | RegExp) {
  const words: unknown = typeof text === 'string' ? text : expect.stringMatching(text)
  await waitFor(() => expect(notifications()).toContainEqual({ role, text: words }))
}
