import { vi } from 'vitest'

/** jsdom lays nothing out; give every element a height so the virtualizer renders rows. */
export function tallElements(height: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: height,
    right: 1000,
    width: 1000,
    height,
    toJSON: () => ({}),
  })
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height)
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000)
}

type Observer = {
  callback: IntersectionObserverCallback
  options: IntersectionObserverInit | undefined
  targets: Set<Element>
}

/** A stand-in IntersectionObserver: the test says when an observed element enters view. */
export function fakeIntersections() {
  const observers = new Set<Observer>()
  class FakeIntersectionObserver {
    private readonly entry: Observer
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: new Set() }
      observers.add(this.entry)
    }
    observe(target: Element) {
      this.entry.targets.add(target)
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target)
    }
    disconnect() {
      observers.delete(this.entry)
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  return {
    observed: () => [...observers].flatMap((o) => [...o.targets]),
    options: () => [...observers][0]?.options,
    enter(target: Element) {
      for (const o of observers) {
        if (!o.targets.has(target)) continue
        const entry = { target, isIntersecting: true } as IntersectionObserverEntry
        o.callback([entry], o as unknown as IntersectionObserver)
      }
    },
  }
}
