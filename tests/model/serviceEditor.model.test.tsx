import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import type { Service } from '../../schema/service'
import { identityDb } from '../../src/data/db/identity'
import {
  hasErrors,
  inlineEditorMachine,
  type EditorEvent,
  type EditorSnapshot,
} from '../../src/machines/inlineEditor.machine'
import {
  serviceDescriptionEditor,
  serviceKeyEditor,
  serviceNameEditor,
  serviceUrlEditor,
  type ServiceEditorSpec,
} from '../../src/machines/serviceEditors'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { refusal, server } from './profile.support'
import { aService, renderDetail, savedService } from './service.support'

const service = aService()

type Case = {
  spec: ServiceEditorSpec
  title: string
  values: string[]
  output: Service
  refusal: Error
}

const CASES: Case[] = [
  {
    spec: serviceNameEditor,
    title: 'Name',
    values: ['', 'Customer Hub'],
    output: savedService(service, { name: 'Customer Hub' }),
    refusal: refusal(409, 'Restore the service before editing it.'),
  },
  {
    spec: serviceDescriptionEditor,
    title: 'Description',
    values: ['', 'Accounts and contacts'],
    output: savedService(service, { description: 'Accounts and contacts' }),
    refusal: refusal(500, 'AN ERROR OCCURRED'),
  },
  {
    spec: serviceKeyEditor,
    title: 'Key',
    values: ['', 'crm two', 'billing'],
    output: savedService(service, { key: 'billing' }),
    refusal: refusal(409, "The key 'billing' is already used by another service."),
  },
  {
    spec: serviceUrlEditor,
    title: 'Url',
    values: ['', 'crm.example.com', 'https://hub.example.com'],
    output: savedService(service, { url: 'https://hub.example.com' }),
    refusal: refusal(422, 'URL: Must be an absolute http:// or https:// URL.'),
  },
]

type App = Awaited<ReturnType<typeof renderDetail>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

for (const c of CASES) {
  const thing = c.title.toLowerCase()
  const field = c.spec.key
  const events = [
    { type: 'editor.open' },
    { type: 'editor.cancel' },
    { type: 'editor.save' },
    ...c.values.map((value) => ({ type: 'editor.fieldChanged', field, value })),
    { type: 'xstate.done.actor.saveRecord', output: c.output },
    { type: 'xstate.error.actor.saveRecord', error: c.refusal },
  ] as unknown as EditorEvent[]

  const testMachine = asTestMachine(inlineEditorMachine)
  const model = createTestModel(testMachine, {
    events,
    input: { spec: c.spec, record: service },
    serializeState: (s, event, previous) =>
      JSON.stringify([
        s.value,
        (s.context.record as Service)[field],
        s.matches('closed') ? null : s.context.fields,
        s.context.error,
      ]) +
      (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
        ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
        : ''),
  })
  const paths = model.getShortestPaths()

  const form = () => screen.getByRole('form', { name: `Edit ${thing}` })
  const input = () => within(form()).getByLabelText(c.title, { selector: 'input' })

  const drive = (app: App, touched: { value: boolean }) => {
    const expectOpen = async (s: EditorSnapshot) => {
      await screen.findByRole('form', { name: `Edit ${thing}` })
      // The input keeps what was typed, refused or not.
      expect(input()).toHaveValue(s.context.fields[field])
      const message = c.spec.errors(s.context.fields)[field]
      if (message && touched.value) expect(await within(form()).findByText(message)).toBeVisible()
      const save = within(form()).getByRole('button', { name: 'Save Changes' })
      if (s.can({ type: 'editor.save' })) expect(save).toBeEnabled()
      else expect(save).toBeDisabled()
      expect(
        c.spec.isChanged(s.context.fields, s.context.record as Service) &&
          !hasErrors(c.spec.errors(s.context.fields)),
      ).toBe(s.can({ type: 'editor.save' }))
    }
    return {
      states: {
        closed: async (s: EditorSnapshot) => {
          expect(screen.queryByRole('form', { name: `Edit ${thing}` })).toBeNull()
          const saved = (s.context.record as Service)[field]
          expect(
            await within(screen.getByRole('group', { name: c.title })).findByText(saved),
          ).toBeVisible()
          expect(screen.getByRole('button', { name: `Edit ${thing}` })).toBeEnabled()
          expect((await identityDb().services.get(service.id))?.[field]).toBe(saved)
        },
        'open.editing': async (s: EditorSnapshot) => {
          await expectOpen(s)
          expect(within(form()).queryByRole('alert')).toBeNull()
        },
        'open.failed': async (s: EditorSnapshot) => {
          await expectOpen(s)
          // Beside the field, in the open editor, with the input kept.
          expect(await within(form()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
        },
        saving: async (s: EditorSnapshot) => {
          await waitFor(() =>
            expect(within(form()).getByRole('button', { name: 'Save Changes' })).toBeDisabled(),
          )
          expect(
            within(form()).getByRole('button', { name: `Cancel editing ${thing}` }),
          ).toBeDisabled()
          const call = await server.last('updateServiceField')
          expect(call.args.slice(0, 3)).toEqual([
            service.id,
            field,
            s.context.fields[field]?.trim(),
          ])
        },
      },
      events: {
        'editor.open': async () => {
          touched.value = false
          await app.user.click(screen.getByRole('button', { name: `Edit ${thing}` }))
        },
        'editor.cancel': () =>
          app.user.click(within(form()).getByRole('button', { name: `Cancel editing ${thing}` })),
        'editor.save': () =>
          app.user.click(within(form()).getByRole('button', { name: 'Save Changes' })),
        'editor.fieldChanged': async ({ event }: Step) => {
          await app.user.clear(input())
          if (event.value) await app.user.type(input(), event.value)
          // Leaving the field is the touch that lets its error show (after 250 ms).
          await app.user.tab()
          touched.value = true
        },
        'xstate.done.actor.saveRecord': async ({ event }: Step) => {
          ;(await server.last('updateServiceField')).resolve(event.output)
          await waitFor(async () =>
            expect(await identityDb().services.get(service.id)).toEqual(event.output),
          )
        },
        'xstate.error.actor.saveRecord': async ({ event }: Step) =>
          (await server.last('updateServiceField')).reject(event.error),
      },
    }
  }

  describe(`service editor statechart: ${thing}, driving the service detail`, () => {
    beforeEach(() => server.reset())

    it('reaches every state and takes every transition', () => {
      expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
    })

    for (const path of paths) {
      it(describePath(path), async () => {
        const app = await renderDetail(service)
        await path.test(drive(app, { value: false }))
      })
    }
  })
}
