import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { matchMedia, resetViewport } from './media'

// Routes load lazily; on a busy two-core CI machine that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  resetViewport()
})

// jsdom lacks these; Radix Themes and the layout hooks ask for them.
window.matchMedia = matchMedia

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver

// Radix menus use pointer capture and scrolling, which jsdom does not implement.
const elementStubs = {
  hasPointerCapture: () => false,
  releasePointerCapture: () => {},
  scrollIntoView: () => {},
}
for (const [name, value] of Object.entries(elementStubs)) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { value, configurable: true, writable: true })
  }
}
// The router restores scroll positions; jsdom has no layout to scroll.
window.scrollTo = () => {}
