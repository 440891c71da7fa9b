import { waitFor as waitForDom } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { readCookiesAccepted } from '../../src/data/prefs/cookiesAccepted'
import { cookiesAcceptedMachine } from '../../src/machines/cookiesAccepted.machine'
import { selfUser } from '../setup/fixtures'
import { Latest } from '../setup/gate'
import { renderSignedIn } from '../setup/renderApp'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const events = [
  { type: 'xstate.done.actor.markCookiesAccepted', output: true },
  { type: 'xstate.done.actor.markCookiesAccepted', output: false },
] as never[]
const testMachine = asTestMachine(cookiesAcceptedMachine)
const model = createTestModel(testMachine, { events, input: { userId: 'u-ada' } })
const paths = model.getShortestPaths()

function run() {
  const mark = new Latest<boolean>()
  const actor = createActor(
    cookiesAcceptedMachine.provide({
      actors: {
        markCookiesAccepted: fromPromise<boolean, { userId: string }>(({ input }) =>
          mark.wait(input),
        ),
      },
    }),
    { input: { userId: 'u-ada' } },
  ).start()
  return { actor, mark }
}

type Step = { event: { output?: unknown } }

function drive(r: ReturnType<typeof run>) {
  return {
    states: {
      storing: () => {
        expect(r.actor.getSnapshot().value).toBe('storing')
        expect(r.mark.inputs).toEqual([{ userId: 'u-ada' }])
      },
      accepted: () => expect(r.actor.getSnapshot().status).toBe('done'),
      notStored: () => expect(r.actor.getSnapshot().status).toBe('done'),
    },
    events: {
      'xstate.done.actor.markCookiesAccepted': async ({ event }: Step) => {
        r.mark.resolve(event.output as boolean)
        await waitFor(r.actor, (s) => s.status === 'done')
      },
    },
  }
}

describe('iOS cookies-accepted statechart (SPEC.md §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    localStorage.clear()
  })

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths as never)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path as never), async () => {
      await path.test(drive(run()) as never)
    })
  }

  it('is stored for the user a session opens for, on iOS only, by the session itself', async () => {
    const ada = selfUser()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const app = await renderSignedIn(ada)
    await waitForDom(() => expect(readCookiesAccepted(ada.id)).toBe(true))
    expect(app.session.getSnapshot().children.cookiesAccepted?.getSnapshot().value).toBe('accepted')
  })

  it('is not stored on other systems', async () => {
    const ada = selfUser()
    const app = await renderSignedIn(ada)
    await waitForDom(() =>
      expect(app.session.getSnapshot().children.cookiesAccepted?.getSnapshot().value).toBe(
        'notStored',
      ),
    )
    expect(readCookiesAccepted(ada.id)).toBe(false)
  })
})
