import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { MAX_SECRET_OVERLAP_HOURS, type ServiceSecret } from '../../../../schema/service-secret'
import {
  createServiceSecret,
  listServiceSecrets,
  revokeServiceSecret,
} from '../../../data/api/services'
import { serverMessage } from '../../../kit/machines/notification.messages'
import type { FieldEvent } from '../../../kit/machines/fieldEvent'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

type SecretsContext = {
  serviceId: string
  secrets: ServiceSecret[]
  /** The new secret's name and the overlap (hours) the live ones get, as typed. */
  name: string
  overlapHours: string
  /** The secret just made: its value shows this once, until dismissed. */
  created: { name: string; value: string } | null
  /** The secret whose revocation waits for its confirmation. */
  revoking: ServiceSecret | null
  error: string | null
}

export type SecretsEvent =
  | FieldEvent<'secrets.nameChanged' | 'secrets.overlapChanged'>
  | { type: 'secrets.generate' }
  | { type: 'secrets.dismiss' }
  | { type: 'secrets.revoke'; secret: ServiceSecret }
  | { type: 'secrets.confirm' }
  | { type: 'secrets.cancel' }
  | { type: 'secrets.retry' }

/** The rules of the form: a name, and whole hours from 0 to MAX_SECRET_OVERLAP_HOURS. */
export function secretNameError(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Required'
  return trimmed.length > 100 ? 'At most 100 characters' : undefined
}
export function overlapError(hours: string): string | undefined {
  if (!/^\d+$/.test(hours.trim())) return 'A whole number of hours'
  return Number(hours) > MAX_SECRET_OVERLAP_HOURS
    ? `At most ${MAX_SECRET_OVERLAP_HOURS} hours`
    : undefined
}

type Id = { serviceId: string }

/** The chart's effects; tests swap them (`serviceSecretsMachine.provide({ actors })`). */
export const serviceSecretsActors = {
  listSecrets: fromPromise<ServiceSecret[], Id>(({ input, signal }) =>
    listServiceSecrets(input.serviceId, { signal }),
  ),
  createSecret: fromPromise<
    { secret: ServiceSecret; value: string },
    Id & { name: string; overlapHours: number }
  >(({ input, signal }) =>
    createServiceSecret(
      input.serviceId,
      { name: input.name, overlapHours: input.overlapHours },
      { signal },
    ),
  ),
  revokeSecret: fromPromise<ServiceSecret[], Id & { secretId: string }>(({ input, signal }) =>
    revokeServiceSecret(input.serviceId, input.secretId, { signal }),
  ),
}

/**
 * The client secrets of a confidential service (docs/sso.md, "Secrets"): the live ones, a new one
 * (shown once; the others keep working for the overlap), and revoking one after a confirmation.
 */
export const serviceSecretsMachine = setup({
  types: {
    context: {} as SecretsContext,
    events: {} as SecretsEvent,
    input: {} as { serviceId: string },
  },
  actors: serviceSecretsActors,
  guards: {
    canGenerate: ({ context }) =>
      !secretNameError(context.name) && !overlapError(context.overlapHours),
  },
  actions: {
    failed: assign({ error: ({ event }) => serverMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'serviceSecrets',
  description: "A confidential service's client secrets: list, generate (shown once), revoke.",
  context: ({ input }) => ({
    serviceId: input.serviceId,
    secrets: [],
    name: '',
    overlapHours: '24',
    created: null,
    revoking: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the live secrets.',
      tags: ['busy'],
      invoke: {
        id: 'listSecrets',
        src: 'listSecrets',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: {
          target: 'ready',
          description: 'The live secrets are listed.',
          actions: assign({ secrets: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'unavailable',
          description: 'The secrets could not be read; the reason shows.',
          actions: 'failed',
        },
      },
    },
    unavailable: {
      description: 'Reading failed; Try again.',
      tags: ['error'],
      on: { 'secrets.retry': { target: 'loading', description: 'Try again was pressed.' } },
    },
    ready: {
      description: 'The list and the form for a new secret.',
      ...quietOrFailed('idle', 'rejected', {
        quiet: 'Nothing failed.',
        failed: 'The last change failed; its reason shows.',
      }),
      on: {
        'secrets.nameChanged': {
          description: "The new secret's name was typed.",
          actions: assign({ name: ({ event }) => event.value }),
        },
        'secrets.overlapChanged': {
          description: 'The overlap in hours was typed.',
          actions: assign({ overlapHours: ({ event }) => event.value }),
        },
        'secrets.generate': {
          guard: 'canGenerate',
          target: 'generating',
          description: 'Generate secret was pressed with a name and an overlap.',
        },
        'secrets.dismiss': {
          description: "Done was pressed: the new secret's value is gone for good.",
          actions: assign({ created: null }),
        },
        'secrets.revoke': {
          target: 'confirmingRevoke',
          description: 'Revoke was pressed on a secret: the confirmation opens.',
          actions: assign({ revoking: ({ event }) => event.secret }),
        },
      },
    },
    generating: {
      description: 'Makes the new secret.',
      tags: ['busy'],
      invoke: {
        id: 'createSecret',
        src: 'createSecret',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          name: context.name.trim(),
          overlapHours: Number(context.overlapHours),
        }),
        onDone: {
          target: 'loading',
          description: 'Made: its value shows once; the list is read again (the overlap).',
          actions: assign({
            created: ({ event }) => ({ name: event.output.secret.name, value: event.output.value }),
            name: '',
          }),
        },
        onError: {
          target: 'ready.rejected',
          description: 'Refused or failed; the reason shows.',
          actions: 'failed',
        },
      },
    },
    confirmingRevoke: {
      description: "'Revoke secret?': the service stops accepting it at once.",
      on: {
        'secrets.confirm': { target: 'revoking', description: 'Revoke was confirmed.' },
        'secrets.cancel': {
          target: 'ready',
          description: 'Cancelled: nothing changes.',
          actions: assign({ revoking: null }),
        },
      },
    },
    revoking: {
      description: 'Revokes the secret.',
      tags: ['busy'],
      invoke: {
        id: 'revokeSecret',
        src: 'revokeSecret',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          secretId: context.revoking?.id ?? '',
        }),
        onDone: {
          target: 'ready',
          description: 'Revoked; the secrets still live are listed.',
          actions: assign({ secrets: ({ event }) => event.output, revoking: null, error: null }),
        },
        onError: {
          target: 'ready.rejected',
          description: 'Refused or failed; the reason shows.',
          actions: [assign({ revoking: null }), 'failed'],
        },
      },
    },
  },
})

export type ServiceSecretsActor = ActorRefFrom<typeof serviceSecretsMachine>
export type ServiceSecretsSnapshot = SnapshotFrom<typeof serviceSecretsMachine>
