import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, spawnChild, type AnyActorRef } from 'xstate'
import type { LoginResults } from '../../schema/auth'
import { machineGraph } from '../../src/flows/graph'
import {
  followLive,
  LISTENER_TIMEOUT_MS,
  LIVE_CHANNEL,
  publishLive,
  thisTab,
  type LiveUpdate,
} from '../../src/flows/live'
import { createInspection, type Inspection } from '../../src/flows/inspection'
import { loginMachine } from '../../src/areas/sign-in/machines/login.machine'
import {
  ENDED_KEPT,
  follow,
  NOBODY,
  openScreen,
  shown,
  type Followed,
} from '../../src/areas/flows/views/live/followed'
import { statesInWords, stepInWords } from '../../src/areas/flows/views/live/liveWords'

const USERNAME = 'ada@example.com'
const PASSWORD = 'correct horse battery staple'

/** The console in small: a root whose login screen is spawned as its child, as screens are. */
function startConsole(signIn: () => Promise<LoginResults>) {
  const login = loginMachine.provide({
    actors: { signIn: fromPromise<LoginResults, { username: string; password: string }>(signIn) },
    actions: { rememberUsername: () => {} },
  })
  const root = setup({ actors: { login } }).createMachine({
    id: 'root',
    entry: spawnChild('login', { id: 'login:r1:', input: { username: '' } }),
  })
  const inspection = createInspection()
  // Who listens at the inspection point now, and how often anyone started to.
  const listening = new Set<unknown>()
  const subscribe = inspection.subscribe
  const subscriptions = vi.spyOn(inspection, 'subscribe').mockImplementation((listener) => {
    const remove = subscribe(listener)
    listening.add(listener)
    return () => {
      listening.delete(listener)
      remove()
    }
  })
  const actor = createActor(root, { inspect: inspection.inspect }).start()
  const loginRef = () => {
    const ref = (actor.getSnapshot().children as Record<string, AnyActorRef>)['login:r1:']
    if (!ref) throw new Error('The login screen is not open.')
    return ref
  }
  return { inspection, listening, subscriptions, actor, loginRef }
}

/** Every message on the channel, as any tab would receive it. */
function recordChannel() {
  const seen: unknown[] = []
  const channel = new BroadcastChannel(LIVE_CHANNEL)
  channel.onmessage = (event: MessageEvent) => seen.push(event.data)
  return { seen, close: () => channel.close() }
}

const updates = (seen: unknown[]) =>
  seen.filter((m): m is LiveUpdate => ['snapshot', 'stopped'].includes((m as LiveUpdate).kind))

function typeAndSubmit(login: AnyActorRef) {
  login.send({ type: 'login.usernameChanged', value: USERNAME })
  for (let i = 1; i <= PASSWORD.length; i++)
    login.send({ type: 'login.passwordChanged', value: PASSWORD.slice(0, i) })
  login.send({ type: 'login.submit' })
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function publish(inspection: Inspection, root: AnyActorRef) {
  const stop = publishLive(inspection, root)
  cleanups.push(stop)
  return stop
}

describe('the live channel', () => {
  it('publishes nothing, and does not even inspect, while nobody listens', async () => {
    const { inspection, subscriptions, actor, loginRef } = startConsole(() =>
      Promise.resolve({ user: { id: 'u1' } }),
    )
    const channel = recordChannel()
    cleanups.push(channel.close)
    publish(inspection, actor)
    typeAndSubmit(loginRef())
    await vi.waitFor(() => expect(loginRef().getSnapshot()).toMatchObject({ status: 'done' }))
    // Give the channel time to deliver anything that was sent.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(subscriptions).not.toHaveBeenCalled()
    // The publisher's only word: asking whether anyone listens.
    expect(channel.seen).toEqual([{ kind: 'announce' }])
  })

  it('sends a sign-in as state ids, transition keys and event types: never what was typed', async () => {
    const { inspection, actor, loginRef } = startConsole(() =>
      Promise.resolve({ user: { id: 'u1' } }),
    )
    publish(inspection, actor)
    const channel = recordChannel()
    cleanups.push(channel.close)
    const received: LiveUpdate[] = []
    cleanups.push(followLive('login', (update) => received.push(update)))
    // The listener's arrival brings the current state at once.
    await vi.waitFor(() => expect(received.map((u) => u.eventType)).toEqual(['']))
    expect(received[0]).toMatchObject({
      kind: 'snapshot',
      machineId: 'login',
      tab: thisTab,
      screen: true,
      active: expect.arrayContaining(['login.credentials.editing']) as string[],
      taken: [],
    })

    typeAndSubmit(loginRef())
    await vi.waitFor(() => expect(received.at(-1)?.kind).toBe('stopped'))

    const steps = received.slice(1)
    expect(steps.map((u) => u.eventType)).toEqual([
      'login.usernameChanged',
      ...Array<string>(PASSWORD.length).fill('login.passwordChanged'),
      'login.submit',
      'xstate.done.actor.signIn',
      'xstate.done.actor.signIn',
    ])
    expect(steps.find((u) => u.eventType === 'login.submit')).toMatchObject({
      active: expect.arrayContaining(['login.signingIn']) as string[],
      taken: ['login.credentials login.submit#0'],
    })
    expect(received.at(-2)).toMatchObject({
      kind: 'snapshot',
      active: expect.arrayContaining(['login.signedIn']) as string[],
      taken: ['login.signingIn xstate.done.actor.signIn#2'],
    })
    expect(received.at(-1)).toMatchObject({ kind: 'stopped', ended: 'done' })

    // Every message anyone on the channel saw: only these fields, and nothing that was typed.
    const all = JSON.stringify(channel.seen)
    expect(all).not.toContain(PASSWORD)
    expect(all).not.toContain(PASSWORD.slice(0, 8))
    expect(all).not.toContain(USERNAME)
    const fields = ['kind', 'sessionId', 'machineId', 'tab', 'screen', 'active', 'taken']
    for (const update of updates(channel.seen))
      expect(Object.keys(update).sort()).toEqual(
        [...fields, 'eventType', 'at', ...(update.ended ? ['ended'] : [])].sort(),
      )
    // The root (no listener asked for it by name, but it is a statechart of the system) is there too.
    expect(updates(channel.seen).some((u) => u.machineId === 'root' && !u.screen)).toBe(true)
  })

  it('stops publishing when the last listener leaves', async () => {
    const { inspection, listening, actor, loginRef } = startConsole(() => new Promise(() => {}))
    publish(inspection, actor)
    const received: LiveUpdate[] = []
    const unfollow = followLive('login', (update) => received.push(update))
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(listening.size).toBe(1)
    unfollow()
    await vi.waitFor(() => expect(listening.size).toBe(0))
    const channel = recordChannel()
    cleanups.push(channel.close)
    loginRef().send({ type: 'login.usernameChanged', value: USERNAME })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(updates(channel.seen)).toEqual([])
  })

  it('forgets a listener that stopped saying it is there (a closed tab)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const { inspection, listening, actor, loginRef } = startConsole(() => new Promise(() => {}))
    publish(inspection, actor)
    // A listener that says so once and is never heard from again.
    const gone = new BroadcastChannel(LIVE_CHANNEL)
    cleanups.push(() => gone.close())
    gone.postMessage({ kind: 'listen', listener: 'closed-tab' })
    await vi.waitFor(() => expect(listening.size).toBe(1))
    vi.advanceTimersByTime(LISTENER_TIMEOUT_MS + 5_000)
    expect(listening.size).toBe(0)
    const channel = recordChannel()
    cleanups.push(channel.close)
    loginRef().send({ type: 'login.usernameChanged', value: USERNAME })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(updates(channel.seen)).toEqual([])
  })

  it('tells its listeners that every actor ended when its page goes away', async () => {
    const pageHide = new EventTarget()
    vi.stubGlobal('addEventListener', pageHide.addEventListener.bind(pageHide))
    vi.stubGlobal('removeEventListener', pageHide.removeEventListener.bind(pageHide))
    const { inspection, actor } = startConsole(() => new Promise(() => {}))
    publish(inspection, actor)
    const received: LiveUpdate[] = []
    cleanups.push(followLive(null, (update) => received.push(update)))
    await vi.waitFor(() => expect(received).toHaveLength(2))
    pageHide.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(() => expect(received).toHaveLength(4))
    expect(received.slice(2)).toEqual([
      expect.objectContaining({ kind: 'stopped', machineId: 'root', ended: 'unloaded' }),
      expect.objectContaining({ kind: 'stopped', machineId: 'login', ended: 'unloaded' }),
    ])
  })

  it('does nothing at all where the browser has no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    const { inspection, subscriptions, actor } = startConsole(() => new Promise(() => {}))
    const onUpdate = vi.fn()
    publish(inspection, actor)
    cleanups.push(followLive('login', onUpdate))
    expect(subscriptions).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })
})

const step = (over: Partial<LiveUpdate>): LiveUpdate => ({
  kind: 'snapshot',
  sessionId: 'tab-a/x:1',
  machineId: 'login',
  tab: 'tab-a',
  screen: true,
  active: ['login', 'login.credentials', 'login.credentials.editing'],
  taken: [],
  eventType: 'xstate.init',
  at: 1,
  ...over,
})

describe('what the live panel makes of the messages', () => {
  const graph = machineGraph(loginMachine)

  it('logs a run of typed characters once, and keeps an ended sign-in on show', () => {
    let state: Followed = NOBODY
    state = follow(state, step({}))
    for (let at = 2; at < 12; at++)
      state = follow(
        state,
        step({
          at,
          eventType: 'login.passwordChanged',
          taken: ['login.credentials login.passwordChanged#0'],
        }),
      )
    state = follow(
      state,
      step({
        at: 20,
        eventType: 'login.submit',
        taken: ['login.credentials login.submit#0'],
        active: ['login', 'login.signingIn'],
      }),
    )
    state = follow(
      state,
      step({
        at: 21,
        eventType: 'xstate.done.actor.signIn',
        taken: ['login.signingIn xstate.done.actor.signIn#2'],
        active: ['login', 'login.signedIn'],
      }),
    )
    state = follow(
      state,
      step({ at: 21, kind: 'stopped', ended: 'done', active: ['login', 'login.signedIn'] }),
    )
    const [actor] = state.actors
    expect(actor?.log.map((entry) => stepInWords(graph, entry))).toEqual([
      'It started.',
      'The password was typed.',
      'Login was pressed with a valid username and password.',
      'The server accepted the password; the account has no second factor.',
      'It reached its final state and ended.',
    ])
    expect(actor).toMatchObject({
      ended: 'done',
      taken: ['login.signingIn xstate.done.actor.signIn#2'],
    })
    expect(statesInWords(graph, actor?.active ?? [])).toBe('signedIn')
    expect(shown(state.actors, null)).toBe(actor)
  })

  it('shows the picked actor, else the running one that moved last, and drops old ended ones', () => {
    let state: Followed = NOBODY
    state = follow(state, step({ sessionId: 'a/x:1', at: 1 }))
    state = follow(state, step({ sessionId: 'b/x:7', tab: 'b', at: 2 }))
    expect(shown(state.actors, null)?.sessionId).toBe('b/x:7')
    expect(shown(state.actors, 'a/x:1')?.sessionId).toBe('a/x:1')
    state = follow(state, step({ sessionId: 'b/x:7', kind: 'stopped', ended: 'stopped', at: 3 }))
    expect(shown(state.actors, null)?.sessionId).toBe('a/x:1')
    for (let n = 0; n < ENDED_KEPT + 2; n++) {
      state = follow(state, step({ sessionId: `c/x:${n}`, at: 10 + n }))
      state = follow(state, step({ sessionId: `c/x:${n}`, kind: 'stopped', at: 10 + n }))
    }
    expect(state.actors.filter((a) => a.ended)).toHaveLength(ENDED_KEPT)
    expect(state.actors.find((a) => a.sessionId === 'a/x:1')).toBeDefined()
    // A stop of an actor never seen running shows nothing.
    expect(follow(NOBODY, step({ kind: 'stopped' }))).toBe(NOBODY)
  })

  it("follows this tab's screen that opened last for 'whatever screen is open'", () => {
    let state: Followed = NOBODY
    state = follow(state, step({ sessionId: 'a/x:0', machineId: 'session', screen: false }))
    state = follow(state, step({ sessionId: 'a/x:4', machineId: 'list', tab: 'a', at: 2 }))
    state = follow(state, step({ sessionId: 'a/x:5', machineId: 'revoke', tab: 'a', at: 3 }))
    state = follow(state, step({ sessionId: 'b/x:9', machineId: 'login', tab: 'b', at: 4 }))
    expect(openScreen(state.actors, 'a')?.machineId).toBe('revoke')
    state = follow(state, step({ sessionId: 'a/x:5', kind: 'stopped', at: 5 }))
    expect(openScreen(state.actors, 'a')?.machineId).toBe('list')
  })
})
