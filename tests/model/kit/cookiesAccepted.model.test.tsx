import { waitFor as waitForDom } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { readCookiesAccepted } from '../../../src/data/prefs/cookiesAccepted'
import { cookiesAcceptedPaths, userId } from '../../../src/kit/paths/cookiesAccepted.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { cookiesAcceptedMachine } from '../../../src/kit/session/cookiesAccepted.machine'
import { selfUser } from '../../setup/fixtures'
import { Latest } from '../../setup/gate'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const { paths } = buildPaths(cookiesAcceptedPaths)
const view = viewCoverage(cookiesAcceptedPaths)

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
    { input: { userId } },
  ).start()
  return { actor, mark }
}

type Step = { event: { type: string; output?: unknown } }

function drive(r: ReturnType<typeof run>) {
  return {
    states: {
      storing: () => {
        expect(r.actor.getSnapshot().value).toBe('storing')
        expect(r.mark.inputs).toEqual([{ userId }])
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

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(cookiesAcceptedMachine, [{ input: cookiesAcceptedPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await view.drive(path, drive(run()))
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
