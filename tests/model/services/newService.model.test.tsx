import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  createdService as created,
  LABELS,
  newServicePaths,
} from '../../../src/areas/services/paths/newService.paths'
import {
  newServiceActors,
  newServiceMachine,
  type NewServiceSnapshot,
} from '../../../src/areas/services/machines/newService.machine'
import { newServiceErrors } from '../../../src/areas/services/machines/newService.messages'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderAddService } from './service.support'

// The server call behind the chart's createService actor; each call waits for the path's step.
const stubbed = newServiceMachine.provide({
  actors: newServiceActors(server.stub('createService') as never),
})

const { paths } = buildPaths(newServicePaths)
const view = viewCoverage(newServicePaths)

type App = ReturnType<typeof renderAddService>
type Step = {
  event: {
    type: string
    field?: string
    value?: string | number
    output?: unknown
    error?: unknown
  }
}

const dialog = () => screen.getByRole('dialog', { name: 'New Service' })
const form = () => within(dialog()).getByRole('form', { name: 'New Service' })
const input = (label: string) => within(form()).getByLabelText(label, { selector: 'input' })
const fieldBox = (label: string) => input(label).closest('.rt-Flex')?.parentElement as HTMLElement

function drive(app: App, touched: Set<string>) {
  const expectOpen = async (s: NewServiceSnapshot) => {
    await screen.findByRole('dialog', { name: 'New Service' })
    const { fields } = s.context
    for (const [name, label] of Object.entries(LABELS))
      expect(input(label)).toHaveValue(fields[name as keyof typeof LABELS])
    const errors = newServiceErrors(fields)
    for (const field of touched) {
      const message = errors[field as keyof typeof errors]
      if (message) expect(await within(form()).findByText(message)).toBeVisible()
    }
    const access = within(form()).getByRole('slider', { name: 'Access Token Timeout' })
    expect(access).toHaveAttribute('aria-valuenow', String(fields.accessTokenTimeout))
    expect(within(form()).getByRole('slider', { name: 'Refresh Token Timeout' })).toHaveAttribute(
      'aria-valuenow',
      String(fields.refreshTokenTimeout),
    )
    const create = within(form()).getByRole('button', { name: 'Create' })
    if (s.can({ type: 'newService.create' })) expect(create).toBeEnabled()
    else expect(create).toBeDisabled()
  }
  const expectClosed = async () => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeEnabled()
  }
  return {
    states: {
      closed: async (s: NewServiceSnapshot) => {
        await expectClosed()
        // Cancel goes nowhere: the page stays where it was.
        expect(app.pathname()).toBe(s.context.created ? `/services/${created.id}` : '/')
      },
      editing: async (s: NewServiceSnapshot) => {
        await expectOpen(s)
        expect(within(form()).queryByRole('alert')).toBeNull()
      },
      failed: async (s: NewServiceSnapshot) => {
        await expectOpen(s)
        const alert = await within(form()).findByRole('alert')
        expect(alert).toHaveTextContent(s.context.error ?? '—')
        // Beside the field the message is about, or under the form when it names none.
        if (s.context.errorField)
          expect(within(fieldBox(LABELS[s.context.errorField])).getByRole('alert')).toBe(alert)
        else expect(within(fieldBox('Key')).queryByRole('alert')).toBeNull()
      },
      creating: async (s: NewServiceSnapshot) => {
        await waitFor(() =>
          expect(within(form()).getByRole('button', { name: 'Create' })).toBeDisabled(),
        )
        expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled()
        const { fields } = s.context
        expect((await server.last('createService')).args[0]).toEqual({
          key: fields.key,
          name: fields.name,
          description: fields.description,
          url: fields.url,
          accessTokenTimeout: fields.accessTokenTimeout,
          refreshTokenTimeout: 30,
        })
      },
      created: async () => {
        await expectClosed()
        await waitFor(() => expect(app.pathname()).toBe(`/services/${created.id}`))
        expect(screen.getByText(`Opened service ${created.id}`)).toBeVisible()
        expect(await identityDb().services.get(created.id)).toEqual(created)
      },
    },
    events: {
      'newService.open': async () => {
        touched.clear()
        await app.user.click(screen.getByRole('button', { name: 'Add Service' }))
      },
      'newService.cancel': () =>
        app.user.click(within(form()).getByRole('button', { name: 'Cancel' })),
      'newService.create': () =>
        app.user.click(within(form()).getByRole('button', { name: 'Create' })),
      'newService.edit': async ({ event }: Step) => {
        const label = LABELS[event.field as keyof typeof LABELS]
        await app.user.clear(input(label))
        await app.user.type(input(label), String(event.value))
        await app.user.tab()
        touched.add(event.field ?? '')
      },
      'newService.setTimeout': async ({ event }: Step) => {
        within(form()).getByRole('slider', { name: 'Access Token Timeout' }).focus()
        await app.user.keyboard(event.value === 2 ? '{ArrowRight}' : '{ArrowLeft}')
      },
      'xstate.done.actor.createService': async ({ event }: Step) => {
        ;(await server.last('createService')).resolve(event.output)
        await expectNotified('status', `${created.name} was created`)
      },
      'xstate.error.actor.createService': async ({ event }: Step) => {
        ;(await server.last('createService')).reject(event.error)
        await expectNotified('alert', /^The service was not created: \S/)
      },
    },
  }
}

describe('New Service statechart, driving Add Service and its form', () => {
  beforeEach(async () => {
    server.reset()
    await identityDb().services.clear()
  })

  it('takes only steps the production machine takes', () => {
    const model = newServicePaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderAddService({ provide: [stubbed] })
      await screen.findByRole('button', { name: 'Add Service' })
      await view.drive(path, drive(app, new Set()))
    })
  }
})
