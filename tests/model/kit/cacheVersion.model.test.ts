import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Area } from '../../../src/data/db/syncState'
import { cacheVersionPaths, owner } from '../../../src/kit/paths/cacheVersion.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { cacheVersionMachine } from '../../../src/kit/session/cacheVersion.machine'
import { Latest } from '../../setup/gate'
import { describePath } from '../describePath'

const failure = new Error('The cache could not be opened.')
const { paths } = buildPaths(cacheVersionPaths)

type Step = { event: { type: string; output?: unknown } }

/** The statechart with its effects gated: each step settles the call the path names. */
function run() {
  const open = new Latest<Area[]>()
  const remove = new Latest<void>()
  const claim = new Latest<void>()
  const reloadPage = vi.fn()
  const actor = createActor(
    cacheVersionMachine.provide({
      actors: {
        openCaches: fromPromise<Area[], { owner: string }>(({ input }) => open.wait(input)),
        deleteCaches: fromPromise<void, { areas: Area[] }>(({ input }) => remove.wait(input)),
        claimCaches: fromPromise<void, { owner: string }>(({ input }) => claim.wait(input)),
      },
      actions: { reloadPage },
    }),
    { input: { owner } },
  ).start()
  const until = (value: 'reloading' | 'open') => waitFor(actor, (s) => s.matches(value))
  return { actor, open, remove, claim, reloadPage, until }
}

function drive(r: ReturnType<typeof run>) {
  return {
    states: {
      opening: () => {
        expect(r.actor.getSnapshot().value).toBe('opening')
        expect(r.reloadPage).not.toHaveBeenCalled()
      },
      deleting: () => {
        expect(r.actor.getSnapshot().value).toBe('deleting')
        expect(r.remove.inputs.at(-1)).toEqual({ areas: ['identity'] })
        expect(r.reloadPage).not.toHaveBeenCalled()
      },
      reloading: () => {
        expect(r.actor.getSnapshot().status).toBe('done')
        expect(r.actor.getSnapshot().output).toBe('reset')
        expect(r.reloadPage).toHaveBeenCalledOnce()
        // Nothing of the old version is claimed: the reloaded page starts over.
        expect(r.claim.inputs).toEqual([])
      },
      claiming: () => {
        expect(r.actor.getSnapshot().value).toBe('claiming')
        expect(r.claim.inputs.at(-1)).toEqual({ owner })
      },
      open: () => {
        expect(r.actor.getSnapshot().output).toBe('open')
        expect(r.reloadPage).not.toHaveBeenCalled()
        expect(r.remove.inputs).toEqual([])
      },
    },
    events: {
      'xstate.done.actor.openCaches': async ({ event }: Step) => {
        r.open.resolve(event.output as Area[])
        await waitFor(r.actor, (s) => !s.matches('opening'))
      },
      'xstate.done.actor.deleteCaches': async () => {
        r.remove.resolve()
        await r.until('reloading')
      },
      'xstate.done.actor.claimCaches': async () => {
        r.claim.resolve()
        await r.until('open')
      },
    },
  }
}

describe('cache version statechart (SPEC.md §4: rebuilt on a version upgrade)', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(cacheVersionPaths.machine, [{ input: cacheVersionPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path as never), async () => {
      await path.test(drive(run()))
    })
  }

  it('fails as a whole when a step fails, so the sync reports it', async () => {
    const r = run()
    let caught: unknown
    r.actor.subscribe({ error: (error) => (caught = error) })
    r.open.reject(failure)
    await vi.waitFor(() => expect(caught).toBe(failure))
    expect(r.actor.getSnapshot().status).toBe('error')
  })
})
