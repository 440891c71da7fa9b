import 'fake-indexeddb/auto'
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, fromPromise, setup, type AnyMachineSnapshot } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { SelfUser } from '../../../schema/user'
import type { Access } from '../../../src/kit/machines/access'
import {
  startSession,
  sessionMachine,
  type FetchSelfInput,
  type SessionActor,
} from '../../../src/kit/session/session.machine'
import { SessionContext } from '../../../src/kit/views/actors/sessionContext'
import { Guarded, NOT_AUTHORIZED } from '../../../src/kit/views/guard/Guarded'
import { externalUser } from '../../setup/fixtures'
import { createSyncStub } from '../../setup/syncStub'
import { coverageOf } from '../../../src/flows/model'
import { describePath } from '../describePath'

/**
 * The guard is a pure rule (src/kit/machines/access.ts) behind a view (Guarded), so this statechart is
 * the test's model of its decision space, not a production machine: the area's setting is chosen
 * step by step (permission, type, invert, allowAccess, silent), then the area renders, and the
 * signed-in user may gain or lose the permission or change type while it is on screen. The outcome
 * is decided here from SPEC.md §6's words, independently of `canAccess`, and the real Guarded,
 * under a real session actor, must show the same.
 */
type Model = {
  permission: 'ALLOW_ALL' | 'sessions.revoke'
  type: 'any' | 'INTERNAL'
  invert: boolean
  allowAccess: boolean | undefined
  silent: boolean
  /** The signed-in user: holds sessions.revoke, and is INTERNAL (else EXTERNAL). */
  holds: boolean
  internal: boolean
}

type ModelEvent =
  | { type: 'require.allowAll' }
  | { type: 'require.permission' }
  | { type: 'type.any' }
  | { type: 'type.internal' }
  | { type: 'invert.off' }
  | { type: 'invert.on' }
  | { type: 'allowAccess.unset' }
  | { type: 'allowAccess.true' }
  | { type: 'allowAccess.false' }
  | { type: 'silent.off' }
  | { type: 'silent.on' }
  | { type: 'user.grant' }
  | { type: 'user.revoke' }
  | { type: 'user.internal' }
  | { type: 'user.external' }

// SPEC.md §6: shown only if the Permissions list holds the requirement (or it is ALLOW_ALL), the
// check flipped by invert, and the type matches (default: all); allowAccess decides outright.
function allowed(c: Model): boolean {
  if (c.allowAccess !== undefined) return c.allowAccess
  const held = c.permission === 'ALLOW_ALL' || c.holds
  return (c.invert ? !held : held) && (c.type === 'any' || c.internal)
}

/** A setting or user change: applied, then the area renders (or re-renders) and decides. */
const decide = (change: Partial<Model>) =>
  ({ target: '#guard.deciding', actions: { type: 'apply', params: change } }) as const

const userChanges = {
  'user.grant': decide({ holds: true }),
  'user.revoke': decide({ holds: false }),
  'user.internal': decide({ internal: true }),
  'user.external': decide({ internal: false }),
}

const guardModel = setup({
  types: { context: {} as Model, events: {} as ModelEvent },
  guards: {
    allowed: ({ context }) => allowed(context),
    silent: ({ context }) => context.silent,
  },
  actions: { apply: assign((_, change: Partial<Model>) => change) },
}).createMachine({
  id: 'guard',
  context: {
    permission: 'ALLOW_ALL',
    type: 'any',
    invert: false,
    allowAccess: undefined,
    silent: false,
    holds: false,
    internal: false,
  },
  initial: 'permission',
  states: {
    permission: {
      description: 'The area asks for nothing (ALLOW_ALL) or for sessions.revoke.',
      on: {
        'require.allowAll': { target: 'type', actions: assign({ permission: 'ALLOW_ALL' }) },
        'require.permission': {
          target: 'type',
          actions: assign({ permission: 'sessions.revoke' }),
        },
      },
    },
    type: {
      description: 'Any user type, or INTERNAL only.',
      on: {
        'type.any': { target: 'invert', actions: assign({ type: 'any' }) },
        'type.internal': { target: 'invert', actions: assign({ type: 'INTERNAL' }) },
      },
    },
    invert: {
      description: 'The permission check as is, or flipped.',
      on: {
        'invert.off': { target: 'allowAccess', actions: assign({ invert: false }) },
        'invert.on': { target: 'allowAccess', actions: assign({ invert: true }) },
      },
    },
    allowAccess: {
      description: 'No explicit answer, or allowAccess true or false.',
      on: {
        'allowAccess.unset': { target: 'silent', actions: assign({ allowAccess: undefined }) },
        'allowAccess.true': { target: 'silent', actions: assign({ allowAccess: true }) },
        'allowAccess.false': { target: 'silent', actions: assign({ allowAccess: false }) },
      },
    },
    silent: {
      description: 'Denied: the message, or nothing (silent); the area then renders.',
      on: {
        'silent.off': decide({ silent: false }),
        'silent.on': decide({ silent: true }),
      },
    },
    // One decision for every change, so each of its branches is one transition the paths take.
    deciding: {
      description: 'The area renders with the setting and user as they are now.',
      always: [
        { guard: 'allowed', target: 'shown' },
        { guard: 'silent', target: 'nothing' },
        { target: 'message' },
      ],
    },
    shown: { description: 'The guarded content.', on: userChanges },
    message: { description: "'You are not authorized to view this.'", on: userChanges },
    nothing: { description: 'Silent and denied: nothing at all.', on: userChanges },
  },
})

const OUTCOMES = ['shown', 'message', 'nothing']
const model = createTestModel(guardModel, {
  // Each setting, user and last step is a state of its own: every combination gets its path, and
  // every user change is taken from every outcome.
  serializeState: (snapshot: AnyMachineSnapshot, event: { type: string } | undefined) =>
    JSON.stringify([snapshot.value, snapshot.context, event?.type]),
})
// The setting steps have nothing to show; what is on screen is checked once the area renders.
const paths = model
  .getShortestPaths({ allowDuplicatePaths: true })
  .filter((path) => OUTCOMES.includes(path.state.value as string))

const CONTENT = 'Revoke every session'

/** The signed-in user, through the real session actor (its server calls and sync stubbed). */
let session: SessionActor
beforeAll(async () => {
  const machine = sessionMachine.provide({
    actors: {
      fetchSelf: fromPromise<SelfUser, FetchSelfInput>(() => Promise.resolve(externalUser())),
      signOut: fromPromise<void>(() => Promise.resolve()),
      sync: createSyncStub('instant').machine,
    },
  })
  session = startSession(machine)
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull())
})
afterAll(() => session.stop())

type Driver = { access: Access & { silent: boolean }; user: { holds: boolean; internal: boolean } }

function drive() {
  const setting: Driver = { access: { silent: false }, user: { holds: false, internal: false } }
  const change = (user: Partial<Driver['user']>) => () => {
    Object.assign(setting.user, user)
    act(() =>
      session.send({
        type: 'self.updated',
        changes: {
          permissions: setting.user.holds
            ? ['sessions.read', 'sessions.revoke']
            : ['sessions.read'],
          type: setting.user.internal ? 'INTERNAL' : 'EXTERNAL',
        },
      }),
    )
  }
  const renderArea = () => {
    // Each path starts from an EXTERNAL user without sessions.revoke.
    change({ holds: false, internal: false })()
    const { silent, ...access } = setting.access
    render(
      <SessionContext.Provider value={session}>
        <Guarded {...access} silent={silent}>
          <button type="button">{CONTENT}</button>
        </Guarded>
      </SessionContext.Provider>,
    )
  }
  const content = () => screen.queryByRole('button', { name: CONTENT })
  const message = () => screen.queryByRole('heading', { name: NOT_AUTHORIZED })
  return {
    states: {
      shown: () => {
        expect(content()).toBeInTheDocument()
        expect(message()).toBeNull()
      },
      message: () => {
        expect(message()).toBeInTheDocument()
        expect(screen.getByRole('status')).toContainElement(message())
        expect(content()).toBeNull()
      },
      nothing: () => {
        expect(content()).toBeNull()
        expect(message()).toBeNull()
        expect(document.body.textContent).toBe('')
      },
    },
    events: {
      'require.allowAll': () => void (setting.access.permission = 'ALLOW_ALL'),
      'require.permission': () => void (setting.access.permission = 'sessions.revoke'),
      'type.any': () => void delete setting.access.type,
      'type.internal': () => void (setting.access.type = 'INTERNAL'),
      'invert.off': () => void (setting.access.invert = false),
      'invert.on': () => void (setting.access.invert = true),
      'allowAccess.unset': () => void delete setting.access.allowAccess,
      'allowAccess.true': () => void (setting.access.allowAccess = true),
      'allowAccess.false': () => void (setting.access.allowAccess = false),
      'silent.off': () => {
        setting.access.silent = false
        renderArea()
      },
      'silent.on': () => {
        setting.access.silent = true
        renderArea()
      },
      'user.grant': change({ holds: true }),
      'user.revoke': change({ holds: false }),
      'user.internal': change({ internal: true }),
      'user.external': change({ internal: false }),
    },
  }
}

describe('guarded area (SPEC.md §6), driving the real Guarded under a signed-in session', () => {
  it('reaches every state and takes every transition', () => {
    const { missing, refused } = coverageOf(guardModel, [{ input: undefined, paths }])
    expect({ missing, refused }).toEqual({ missing: [], refused: [] })
  })

  it('enumerates the decision space: every setting, with each user', () => {
    const outcomes = new Set(paths.map((path) => path.state.value as string))
    expect([...outcomes].sort()).toEqual([...OUTCOMES].sort())
    // 2 permissions × 2 types × 2 inverts × 3 allowAccess × 2 silent × 4 users.
    const combinations = new Set(paths.map((path) => JSON.stringify(path.state.context)))
    expect(combinations.size).toBe(2 * 2 * 2 * 3 * 2 * 4)
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await path.test(drive())
    })
  }
})
