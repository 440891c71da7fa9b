import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Service } from '../../../schema/service'
import { identityDb } from '../../../src/data/db/identity'
import { editedService as service, serviceEditors } from '../../../src/areas/account/paths/inlineEditor.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { hasErrors, type EditorSnapshot } from '../../../src/kit/machines/inlineEditor.machine'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { renderDetail } from './service.support'

const CASES = [
  serviceEditors.name,
  serviceEditors.description,
  serviceEditors.key,
  serviceEditors.url,
]

type App = Awaited<ReturnType<typeof renderDetail>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

for (const c of CASES) {
  const thing = c.title.toLowerCase()
  const field = c.spec.key
  const { paths } = buildPaths(c.paths)
  const view = viewCoverage(c.paths)

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

    it('takes only steps the production machine takes', () => {
      expect(coverageOf(c.paths.machine, [{ input: c.paths.input, paths }]).refused).toEqual([])
    })

    for (const path of paths) {
      it(describePath(path), async () => {
        const app = await renderDetail(service)
        await view.drive(path, drive(app, { value: false }))
      })
    }
  })
}
