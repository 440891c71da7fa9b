/**
 * A map that forgets its oldest entries beyond `max` (insertion order): for answers that cannot
 * change once computed, kept per database handle so that apps sharing a process never mix them.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()
  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key)
  }

  set(key: K, value: V): V {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    while (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next()
      if (oldest.done) break
      this.#entries.delete(oldest.value)
    }
    return value
  }

  delete(key: K) {
    this.#entries.delete(key)
  }

  get size() {
    return this.#entries.size
  }
}

/** One cache per owner object (a database handle), dropped with it. */
export function cachePerOwner<O extends object, K, V>(max: number) {
  const caches = new WeakMap<O, BoundedCache<K, V>>()
  return (owner: O): BoundedCache<K, V> => {
    let cache = caches.get(owner)
    if (!cache) caches.set(owner, (cache = new BoundedCache<K, V>(max)))
    return cache
  }
}
