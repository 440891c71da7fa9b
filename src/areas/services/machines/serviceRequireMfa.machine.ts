import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { requireSecondFactor } from '../../../data/api/services'
import { keptService } from '../../../data/db/services'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { requireMfaNotSavedNotice, requireMfaSavedNotice } from './serviceRequireMfa.messages'
import { notify } from '../../../kit/machines/system'
import { settledOrFailed } from '../../../kit/machines/settledOrFailed'

type RequireMfaContext = {
  serviceId: string
  /** Where the switch was last put: what is being saved, or what was saved. */
  on: boolean
  /** What the server last confirmed; a refused change goes back to it. */
  saved: boolean
  error: string | null
}

export type RequireMfaEvent = { type: 'requireMfa.change'; on: boolean }

export type RequireMfaInput = { serviceId: string; on: boolean }

type Put = (id: string, on: boolean, options: { signal: AbortSignal }) => Promise<Service>

/**
 * The chart's effect: PUT /v1/service/{id}/requireMfa, its answer then kept in the cache. Tests
 * swap the call (`serviceRequireMfaMachine.provide({ actors: requireMfaActors(stub) })`).
 */
export const requireMfaActors = (put: Put = (...args) => requireSecondFactor(...args)) => ({
  saveRequireMfa: fromPromise<Service, { serviceId: string; on: boolean }>(({ input, signal }) =>
    keptService(put(input.serviceId, input.on, { signal })),
  ),
})

/**
 * The service detail's 'Requires a second factor' switch (issue 28): turning it either way saves at
 * once, as the client editors do, and the answer goes into the cache (which the switch shows once
 * settled). A refusal leaves the service as it was, with the message under the switch.
 */
export const serviceRequireMfaMachine = setup({
  types: {
    context: {} as RequireMfaContext,
    events: {} as RequireMfaEvent,
    input: {} as RequireMfaInput,
  },
  actors: requireMfaActors(),
  actions: {
    notifySaved: notify(({ context }: { context: RequireMfaContext }) =>
      requireMfaSavedNotice(context.on),
    ),
    notifyNotSaved: notify(({ context }: { context: RequireMfaContext }) =>
      requireMfaNotSavedNotice(context.error),
    ),
  },
}).createMachine({
  id: 'serviceRequireMfa',
  description: "Saves a service's 'Requires a second factor' switch when it is turned.",
  context: ({ input }) => ({
    serviceId: input.serviceId,
    on: input.on,
    saved: input.on,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows what the service holds.',
      ...settledOrFailed('The last change was refused: the switch is back, the message under it.'),
      on: {
        'requireMfa.change': {
          target: 'saving',
          description: 'The switch was turned (on or off).',
          actions: assign({ on: ({ event }) => event.on, error: null }),
        },
      },
    },
    saving: {
      description: 'The server saves it; the switch shows the new position, busy.',
      tags: ['busy'],
      on: {
        'requireMfa.change': {
          target: 'saving',
          reenter: true,
          // Leaving the state aborts the older request; each PUT sets the whole value.
          description: 'The switch was turned again while saving: the newer position is sent.',
          actions: assign({ on: ({ event }) => event.on }),
        },
      },
      invoke: {
        id: 'saveRequireMfa',
        src: 'saveRequireMfa',
        input: ({ context }) => ({ serviceId: context.serviceId, on: context.on }),
        onDone: {
          target: 'idle.settled',
          description:
            "The server saved it: 'The service now requires a second factor' (or 'no longer').",
          actions: [
            assign({
              on: ({ event }) => event.output.requireMfa,
              saved: ({ event }) => event.output.requireMfa,
            }),
            'notifySaved',
          ],
        },
        onError: {
          target: 'idle.failed',
          description:
            "The server refused it: 'The second-factor requirement was not saved', and why.",
          actions: [
            assign({
              on: ({ context }) => context.saved,
              error: ({ event }) => serverMessage(event.error),
            }),
            'notifyNotSaved',
          ],
        },
      },
    },
  },
})

export type ServiceRequireMfaActor = ActorRefFrom<typeof serviceRequireMfaMachine>
export type ServiceRequireMfaSnapshot = SnapshotFrom<typeof serviceRequireMfaMachine>
