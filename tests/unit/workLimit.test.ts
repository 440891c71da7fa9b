import { describe, expect, it } from 'vitest'
import { WorkLimit, WorkLimitFull } from '../../server/domain/work-limit'

/** A task that runs until the test lets it finish. */
function heldTask(log: string[], name: string) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    run: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
    finish: () => finish(),
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('WorkLimit', () => {
  it('runs at most `concurrency` tasks; the rest wait and start in arrival order', async () => {
    const limit = new WorkLimit(2, 5)
    const log: string[] = []
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name))
    const results = tasks.map((task) => limit.run(task.run))
    await settle()
    expect(log).toEqual(['start a', 'start b'])
    expect([limit.running, limit.waiting]).toEqual([2, 2])

    tasks[1]!.finish()
    await settle()
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c'])
    expect([limit.running, limit.waiting]).toEqual([2, 1])

    tasks.forEach((task) => task.finish())
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'])
    expect([limit.running, limit.waiting]).toEqual([0, 0])
  })

  it('refuses a task at once, without running it, when the waiting line is full', async () => {
    const limit = new WorkLimit(1, 1)
    const log: string[] = []
    const first = heldTask(log, 'first')
    const second = heldTask(log, 'second')
    const running = limit.run(first.run)
    const waiting = limit.run(second.run)
    await expect(limit.run(() => Promise.resolve('third'))).rejects.toThrow(WorkLimitFull)
    first.finish()
    second.finish()
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second'])
    expect(log).not.toContain('start third')
  })

  it('frees the slot when a task fails', async () => {
    const limit = new WorkLimit(1, 0)
    await expect(limit.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(limit.running).toBe(0)
    expect(await limit.run(() => Promise.resolve('next'))).toBe('next')
  })
})
