import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { User } from '../../schema/user'
import { identityDb } from '../../src/data/db/identity'
import {
  inlineEditorMachine,
  type EditorEvent,
  type EditorRecord,
  type EditorSnapshot,
  type EditorSpec as AnyEditorSpec,
} from '../../src/machines/inlineEditor.machine'
import {
  emailEditor,
  hasErrors,
  nameEditor,
  phoneEditor,
  type EditorSpec,
} from '../../src/machines/profileEditors'
import { selfUser } from '../setup/fixtures'
import { renderSignedIn } from '../setup/renderApp'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { expectNotified } from './notify.support'
import { button, refusal, server } from './profile.support'

// Each editor's server call waits for the path's steps, named as the API calls it.
const CALLS: Record<string, string> = {
  name: 'renameUser',
  email: 'changeEmail',
  phone: 'changePhone',
}
const provide = [
  inlineEditorMachine.provide({
    actors: {
      saveRecord: fromPromise<EditorRecord, { spec: AnyEditorSpec; id: string; body: unknown }>(
        ({ input }) =>
          server.stub(CALLS[input.spec.key] ?? input.spec.key)(
            input.id,
            input.body,
          ) as Promise<EditorRecord>,
      ),
    },
  }),
]

const user = selfUser({ phone: '5551234567' })
const saved = (changes: Partial<User>): User => {
  const {
    permissions: _p,
    mustChangePassword: _m,
    passwordExpiresAt: _e,
    previousSignIn: _s,
    ...plain
  } = user
  return { ...plain, ...changes, updatedAt: '2026-02-01T00:00:00.000Z' }
}

type Case = {
  spec: EditorSpec
  title: string
  call: string
  labels: Record<string, string>
  /** What the closed row shows for a user. */
  display: (u: User) => string
  changes: { field: string; value: string }[]
  output: User
  refusal: Error
  /** The body the server must receive for the fields typed. */
  body: (fields: Record<string, string>) => unknown
}

const CASES: Case[] = [
  {
    spec: nameEditor,
    title: 'Name',
    call: 'renameUser',
    labels: { nameFirst: 'First Name', nameLast: 'Last Name' },
    display: (u) => `${u.nameFirst} ${u.nameLast}`,
    changes: [
      { field: 'nameFirst', value: 'Grace' },
      { field: 'nameLast', value: '' },
    ],
    output: saved({ nameFirst: 'Grace' }),
    refusal: refusal(422, 'First and last name are both required.'),
    body: (f) => ({ nameFirst: f.nameFirst?.trim(), nameLast: f.nameLast?.trim() }),
  },
  {
    spec: emailEditor,
    title: 'Email',
    call: 'changeEmail',
    labels: { email: 'Email', password: 'Current Password' },
    display: (u) => u.email,
    changes: [
      { field: 'email', value: 'Grace@Example.com' },
      { field: 'email', value: 'grace@' },
      { field: 'password', value: 'Gatehouse#2026' },
    ],
    output: saved({ email: 'grace@example.com' }),
    refusal: refusal(401, 'The password is not correct.'),
    body: (f) => ({ email: f.email, password: f.password }),
  },
  {
    spec: phoneEditor,
    title: 'Phone',
    call: 'changePhone',
    labels: { phone: 'Phone', password: 'Current Password' },
    display: (u) =>
      u.phone
        ? `(${u.phone.slice(0, 3)}) ${u.phone.slice(3, 6)} - ${u.phone.slice(6)}`
        : 'Not Provided',
    changes: [
      { field: 'phone', value: '' },
      { field: 'phone', value: '555.987.654' },
      { field: 'phone', value: '555.987.6543' },
      { field: 'password', value: 'Gatehouse#2026' },
    ],
    output: saved({ phone: null }),
    // The codes go to the phone: the server asks for the password as it does for the address.
    refusal: refusal(401, 'The password is not correct.'),
    body: (f) => ({ phone: f.phone ? f.phone.replace(/\D/g, '') : null, password: f.password }),
  },
]

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = {
  event: { type: string; field?: string; value?: string; output?: unknown; error?: unknown }
}

for (const c of CASES) {
  const thing = c.title.toLowerCase()
  const events = [
    { type: 'editor.open' },
    { type: 'editor.cancel' },
    { type: 'editor.save' },
    ...c.changes.map((change) => ({ type: 'editor.fieldChanged', ...change })),
    { type: 'xstate.done.actor.saveRecord', output: c.output },
    { type: 'xstate.error.actor.saveRecord', error: c.refusal },
  ] as unknown as EditorEvent[]

  const testMachine = asTestMachine(inlineEditorMachine)
  const model = createTestModel(testMachine, {
    events,
    input: { spec: c.spec, record: user },
    // What the screen can show: the state, the saved user, and (while open) the inputs.
    // Arriving by another transition is another node, so that every transition is taken.
    serializeState: (s, event, previous) =>
      JSON.stringify([
        s.value,
        c.spec.fields(s.context.record as User),
        s.matches('closed') ? null : s.context.fields,
        s.context.error,
      ]) +
      (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
        ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
        : ''),
  })
  const paths = model.getShortestPaths()

  const form = () => screen.getByRole('form', { name: `Edit ${thing}` })
  const input = (field: string) =>
    within(form()).getByLabelText(c.labels[field] ?? field, { selector: 'input' })

  const drive = (app: App, touched: Set<string>) => {
    const expectOpen = async (s: EditorSnapshot) => {
      await screen.findByRole('form', { name: `Edit ${thing}` })
      for (const [field, label] of Object.entries(c.labels)) {
        expect(input(field)).toHaveValue(s.context.fields[field])
        const message = c.spec.errors(s.context.fields)[field]
        if (message && touched.has(field))
          expect(await within(form()).findAllByText(message)).not.toHaveLength(0)
        expect(label).toBeTruthy()
      }
      const save = within(form()).getByRole('button', { name: 'Save Changes' })
      if (s.can({ type: 'editor.save' })) expect(save).toBeEnabled()
      else expect(save).toBeDisabled()
      expect(
        c.spec.isChanged(s.context.fields, s.context.record as User) &&
          !hasErrors(c.spec.errors(s.context.fields)),
      ).toBe(s.can({ type: 'editor.save' }))
    }
    return {
      states: {
        closed: async (s: EditorSnapshot) => {
          expect(screen.queryByRole('form', { name: `Edit ${thing}` })).toBeNull()
          expect(await screen.findByText(c.display(s.context.record as User))).toBeVisible()
          expect(button(`Edit ${thing}`)).toBeEnabled()
          // The shell hears the saved values too.
          const shown = app.session.getSnapshot().context.user
          expect(shown && c.display(shown)).toBe(c.display(s.context.record as User))
        },
        'open.editing': async (s: EditorSnapshot) => {
          await expectOpen(s)
          expect(within(form()).queryByRole('alert')).toBeNull()
        },
        'open.failed': async (s: EditorSnapshot) => {
          await expectOpen(s)
          expect(await within(form()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
        },
        saving: async (s: EditorSnapshot) => {
          await waitFor(() =>
            expect(within(form()).getByRole('button', { name: 'Save Changes' })).toBeDisabled(),
          )
          expect(
            within(form()).getByRole('button', { name: `Cancel editing ${thing}` }),
          ).toBeDisabled()
          const call = await server.last(c.call)
          expect(call.args[0]).toBe(user.id)
          expect(call.args[1]).toEqual(c.body(s.context.fields))
        },
      },
      events: {
        'editor.open': async () => {
          touched.clear()
          await app.user.click(button(`Edit ${thing}`))
        },
        'editor.cancel': async () => {
          await app.user.click(
            within(form()).getByRole('button', { name: `Cancel editing ${thing}` }),
          )
        },
        'editor.save': async () => {
          await app.user.click(within(form()).getByRole('button', { name: 'Save Changes' }))
        },
        'editor.fieldChanged': async ({ event }: Step) => {
          const field = event.field ?? ''
          await app.user.clear(input(field))
          if (event.value) await app.user.type(input(field), event.value)
          // Leaving the field is the touch that lets its error show (after 250 ms).
          await app.user.tab()
          touched.add(field)
        },
        'xstate.done.actor.saveRecord': async ({ event }: Step) => {
          ;(await server.last(c.call)).resolve(event.output)
          await expectNotified('status', `Your ${thing} was saved`)
          await waitFor(async () =>
            expect(await identityDb().users.get(user.id)).toEqual(event.output),
          )
        },
        'xstate.error.actor.saveRecord': async ({ event }: Step) => {
          ;(await server.last(c.call)).reject(event.error)
          await expectNotified('alert', new RegExp(`^Your ${thing} was not saved: \\S`))
        },
      },
    }
  }

  describe(`profile editor statechart: ${thing}, driving the Profile screen`, () => {
    beforeEach(async () => {
      server.reset()
      await identityDb().users.clear()
    })

    it('reaches every state and takes every transition', () => {
      expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
    })

    for (const path of paths) {
      it(describePath(path), async () => {
        const app = await renderSignedIn(user, '/profile', { provide })
        await screen.findByRole('heading', { name: 'Personal Info' })
        await path.test(drive(app, new Set()))
      })
    }
  })
}
