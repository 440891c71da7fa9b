/**
 * A small seeded generator (mulberry32), so that one seed gives the same data every run: a
 * benchmark compares like with like, and a failing test can be replayed.
 */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  /** A time between `from` and `to` (ms since the epoch). */
  between(from: number, to: number): Date {
    return new Date(from + Math.floor(this.next() * (to - from)))
  }
}
