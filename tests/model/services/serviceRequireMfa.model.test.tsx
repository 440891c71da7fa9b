import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  requireMfaService as service,
  serviceRequireMfaPaths,
} from '../../../src/areas/services/paths/serviceRequireMfa.paths'
import {
  requireMfaActors,
  serviceRequireMfaMachine,
  type ServiceRequireMfaSnapshot,
} from '../../../src/areas/services/machines/serviceRequireMfa.machine'
import { REQUIRE_MFA_HINT, REQUIRE_MFA_LABEL } from '../../../src/areas/services/machines/serviceRequireMfa.messages'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderDetail, stubbedServiceMachines } from './service.support'

const { paths } = buildPaths(serviceRequireMfaPaths)
const view = viewCoverage(serviceRequireMfaPaths)

// The PUT is stubbed; the chart's own effect (the answer kept in the cache) still runs.
const stubbedRequireMfa = serviceRequireMfaMachine.provide({
  actors: requireMfaActors(server.stub('requireSecondFactor') as never),
})

type App = Awaited<ReturnType<typeof renderDetail>>
type Step = { event: { type: string; on?: boolean; output?: unknown; error?: unknown } }

const toggle = () => screen.getByRole('switch', { name: REQUIRE_MFA_LABEL })
// The detail pane: its inline messages, not the notifications beside it.
const pane = () => within(screen.getByRole('article'))

function drive(app: App) {
  const expectShown = async (s: ServiceRequireMfaSnapshot) => {
    const position = s.hasTag('busy') ? s.context.on : s.context.saved
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', String(position)))
    expect(toggle()).toHaveAccessibleDescription(REQUIRE_MFA_HINT)
    expect(toggle()).toBeEnabled()
    if (s.hasTag('error'))
      expect(await pane().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(pane().queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      'idle.settled': async (s: ServiceRequireMfaSnapshot) => {
        await expectShown(s)
        expect(pane().queryByLabelText('Saving')).toBeNull()
        expect((await identityDb().services.get(service.id))?.requireMfa).toBe(s.context.saved)
      },
      'idle.failed': expectShown,
      saving: async (s: ServiceRequireMfaSnapshot) => {
        await expectShown(s)
        expect(pane().getByLabelText('Saving')).toBeVisible()
        expect((await server.last('requireSecondFactor')).args.slice(0, 2)).toEqual([
          service.id,
          s.context.on,
        ])
      },
    },
    events: {
      'requireMfa.change': () => app.user.click(toggle()),
      'xstate.done.actor.saveRequireMfa': async ({ event }: Step) => {
        const saved = event.output as { requireMfa: boolean }
        ;(await server.last('requireSecondFactor')).resolve(saved)
        await expectNotified(
          'status',
          saved.requireMfa
            ? 'The service now requires a second factor'
            : 'The service no longer requires a second factor',
        )
      },
      'xstate.error.actor.saveRequireMfa': async ({ event }: Step) => {
        ;(await server.last('requireSecondFactor')).reject(event.error)
        await expectNotified('alert', /^The second-factor requirement was not saved: \S/)
      },
    },
  }
}

describe("'Requires a second factor' statechart, driving the service detail's switch", () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(serviceRequireMfaPaths.machine, [{ input: serviceRequireMfaPaths.input, paths }])
        .refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderDetail(service, {
        provide: [...stubbedServiceMachines(), stubbedRequireMfa],
      })
      await view.drive(path, drive(app))
    })
  }
})
