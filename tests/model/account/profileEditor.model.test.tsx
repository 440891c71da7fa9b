import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import {
  profileEditorUser as user,
  profileEditors,
  type EditorCase,
} from '../../../src/areas/account/paths/inlineEditor.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  inlineEditorMachine,
  type EditorRecord,
  type EditorSnapshot,
  type EditorSpec as AnyEditorSpec,
} from '../../../src/kit/machines/inlineEditor.machine'
import {
  hasErrors,
  type EditedUser,
  type EditorSpec,
} from '../../../src/kit/machines/profileEditors'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { button, server } from './profile.support'

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

type Case = EditorCase<EditedUser, EditorSpec> & {
  call: string
  /** The body the server must receive for the fields typed. */
  body: (fields: Record<string, string>) => unknown
}

const CASES: Case[] = [
  {
    ...profileEditors.name,
    call: 'renameUser',
    body: (f) => ({ nameFirst: f.nameFirst?.trim(), nameLast: f.nameLast?.trim() }),
  },
  {
    ...profileEditors.email,
    call: 'changeEmail',
    body: (f) => ({ email: f.email, password: f.password }),
  },
  {
    ...profileEditors.phone,
    call: 'changePhone',
    body: (f) => ({ phone: f.phone ? f.phone.replace(/\D/g, '') : null, password: f.password }),
  },
]

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = {
  event: { type: string; field?: string; value?: string; output?: unknown; error?: unknown }
}

for (const c of CASES) {
  const thing = c.title.toLowerCase()
  const { paths } = buildPaths(c.paths)
  const view = viewCoverage(c.paths)

  const form = () => screen.getByRole('form', { name: `Edit ${thing}` })
  const input = (field: string) =>
    within(form()).getByLabelText(c.labels[field] ?? field, { selector: 'input' })

  const drive = (app: App, touched: Set<string>) => {
    let cancels = 0
    const expectOpen = async (s: EditorSnapshot) => {
      await screen.findByRole('form', { name: `Edit ${thing}` })
      for (const [field, label] of Object.entries(c.labels)) {
        expect(input(field)).toHaveValue(s.context.fields[field])
        const message = c.spec.errors(s.context.fields)[field]
        if (message && touched.has(field))
          expect(await within(form()).findAllByText(message)).not.toHaveLength(0)
        expect(label).toBeTruthy()
      }
      // The row's name is said once: by the heading over First and Last Name, else by the label.
      const labels = Object.values(c.labels).map((label) => label.toLowerCase())
      const heading = within(form()).queryByText(c.title, { selector: 'span' })
      if (labels.includes(thing)) expect(heading).toBeNull()
      else expect(heading).toBeVisible()
      // A Cancel beside Save Changes, as well as the cancel icon.
      expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeEnabled()
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
          expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled()
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
          // Either way out closes it: the icon (SPEC.md) and the Cancel button take turns.
          cancels += 1
          const name = cancels % 2 === 0 ? 'Cancel' : `Cancel editing ${thing}`
          await app.user.click(within(form()).getByRole('button', { name }))
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
          // The cache adds its derived sort keys (sortName, sortLastLogin) to every user row.
          await waitFor(async () =>
            expect(await identityDb().users.get(user.id)).toMatchObject(event.output as object),
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

    it('takes only steps the production machine takes', () => {
      expect(coverageOf(c.paths.machine, [{ input: c.paths.input, paths }]).refused).toEqual([])
    })

    for (const path of paths) {
      it(describePath(path), async () => {
        const app = await renderSignedIn(user, '/profile', { provide })
        await screen.findByRole('heading', { name: 'Personal Info' })
        await view.drive(path, drive(app, new Set()))
      })
    }
  })
}
