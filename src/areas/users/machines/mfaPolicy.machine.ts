import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { MfaPolicy, MfaPolicyBody, MfaPolicyMode } from '../../../../schema/factors'
import type { UserType } from '../../../../schema/permissions'
import { readMfaPolicies, setMfaPolicy } from '../../../data/api/mfaPolicy'
import {
  canSavePolicy,
  draftOf,
  draftsOf,
  policyBody,
  policyNotSavedNotice,
  policySavedNotice,
  type PolicyDrafts,
} from './mfaPolicy.messages'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'

type PolicyContext = {
  /** users.write when the dialog opened: the rows can be changed (the server refuses others). */
  writable: boolean
  /** As the server last said. */
  policies: MfaPolicy[]
  drafts: PolicyDrafts
  /** The row being saved, or last saved or refused. */
  row: UserType | null
  /** Why the read or the last save failed, in words. */
  error: string | null
}

export type PolicyEvent =
  /** `writable`: whether the person holds users.write, as the view knows it when they press. */
  | { type: 'policy.open'; writable: boolean }
  | { type: 'policy.close' }
  | { type: 'policy.retry' }
  | { type: 'policy.modeChanged'; userType: UserType; mode: MfaPolicyMode }
  | { type: 'policy.graceChanged'; userType: UserType; value: string }
  | { type: 'policy.save'; userType: UserType }

type SaveInput = { type: UserType; body: MfaPolicyBody }

const savedOf = (context: PolicyContext, type: UserType) =>
  context.policies.find((p) => p.type === type)

/**
 * The second-factor policy dialog of the Users screen (issue 28): one row per user type with its
 * mode (Off, Optional, Required) and, when required, the grace days; each row saves on its own,
 * the server audits it. Read when the dialog opens, so it shows what the server holds now.
 */
export const mfaPolicyMachine = setup({
  types: {
    context: {} as PolicyContext,
    events: {} as PolicyEvent,
  },
  actors: {
    loadPolicies: fromPromise<MfaPolicy[]>(({ signal }) => readMfaPolicies({ signal })),
    savePolicy: fromPromise<MfaPolicy, SaveInput>(({ input, signal }) =>
      setMfaPolicy(input.type, input.body, { signal }),
    ),
  },
  guards: {
    isWritable: ({ context }) => context.writable,
    canSave: ({ context }, type: UserType) =>
      context.writable && canSavePolicy(context.drafts[type], savedOf(context, type)),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    notifySaved: notify(({ context }: { context: PolicyContext }) => {
      const saved = context.row && savedOf(context, context.row)
      return saved ? policySavedNotice(saved) : null
    }),
    notifyNotSaved: notify(({ context }: { context: PolicyContext }) =>
      context.row ? policyNotSavedNotice(context.row, context.error) : null,
    ),
  },
}).createMachine({
  id: 'mfaPolicy',
  description: 'The second-factor policy per user type: read, changed and saved row by row.',
  context: { writable: false, policies: [], drafts: draftsOf([]), row: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      description: "The 'Second-factor policy' button on the Users header.",
      on: {
        'policy.open': {
          target: 'loading',
          description: "'Second-factor policy' was pressed: the dialog opens and reads the policy.",
          // Read afresh each time: what another member of staff saved meanwhile shows.
          actions: assign({
            writable: ({ event }) => event.writable,
            policies: [],
            drafts: draftsOf([]),
            row: null,
            error: null,
          }),
        },
      },
    },
    loading: {
      description: "The dialog reads the policy; 'Loading the policy…' shows.",
      tags: ['open', 'busy'],
      invoke: {
        id: 'loadPolicies',
        src: 'loadPolicies',
        onDone: {
          target: 'ready',
          description: 'The server answered: a row per user type with its mode and grace days.',
          actions: assign({
            policies: ({ event }) => event.output,
            drafts: ({ event }) => draftsOf(event.output),
            error: null,
          }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The read failed: the reason and Retry show in the dialog.',
          actions: 'recordError',
        },
      },
      on: {
        'policy.close': {
          target: 'closed',
          description: 'Close was pressed (or Escape) before the policy came.',
        },
      },
    },
    loadFailed: {
      description: "'The policy could not be read' with the reason, Retry and Close.",
      tags: ['open', 'error'],
      on: {
        'policy.retry': { target: 'loading', description: 'Retry was pressed.' },
        'policy.close': { target: 'closed', description: 'Close was pressed (or Escape).' },
      },
    },
    ready: {
      description:
        'A row per user type: Off, Optional or Required, the grace days when required, and Save.',
      tags: ['open'],
      initial: 'editing',
      states: {
        editing: { description: 'Nothing refused.' },
        rejected: {
          description: "The last save was refused: the server's words show in its row.",
          tags: ['error'],
        },
      },
      on: {
        'policy.modeChanged': {
          guard: 'isWritable',
          target: '.editing',
          description: 'A mode was chosen for a user type; an earlier refusal no longer shows.',
          actions: assign({
            drafts: ({ context, event }) => ({
              ...context.drafts,
              [event.userType]: { ...context.drafts[event.userType], mode: event.mode },
            }),
          }),
        },
        'policy.graceChanged': {
          guard: 'isWritable',
          target: '.editing',
          description: 'The grace days of a user type were typed.',
          actions: assign({
            drafts: ({ context, event }) => ({
              ...context.drafts,
              [event.userType]: { ...context.drafts[event.userType], graceDays: event.value },
            }),
          }),
        },
        'policy.save': {
          guard: { type: 'canSave', params: ({ event }) => event.userType },
          target: 'saving',
          description: "A row's Save was pressed with a change the server takes.",
          actions: assign({ row: ({ event }) => event.userType, error: null }),
        },
        'policy.close': {
          target: 'closed',
          description: 'Close was pressed (or Escape): unsaved changes are dropped.',
        },
      },
    },
    saving: {
      description: 'The server saves the row; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'savePolicy',
        src: 'savePolicy',
        input: ({ context }) => {
          const type = context.row ?? 'INTERNAL'
          return { type, body: policyBody(context.drafts[type], savedOf(context, type)) }
        },
        onDone: {
          target: 'ready.editing',
          description:
            "The server saved it (and audited it): a notice says what holds now ('Internal users: a second factor is required, with 3 days' grace.').",
          actions: [
            assign(({ context, event }) => ({
              policies: [
                ...context.policies.filter((p) => p.type !== event.output.type),
                event.output,
              ],
              drafts: { ...context.drafts, [event.output.type]: draftOf(event.output) },
            })),
            'notifySaved',
          ],
        },
        onError: {
          target: 'ready.rejected',
          description:
            'The server refused (or could not be reached): the row says why, its input kept.',
          actions: ['recordError', 'notifyNotSaved'],
        },
      },
    },
  },
})

export type MfaPolicyActor = ActorRefFrom<typeof mfaPolicyMachine>
export type MfaPolicySnapshot = SnapshotFrom<typeof mfaPolicyMachine>
