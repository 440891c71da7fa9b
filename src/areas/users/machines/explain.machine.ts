import { and, assign, not, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { explainSetup, kindOf, NO_TARGET } from './explain.setup'

export type { ExplainEvent, ExplainInput, PickerMatch } from './explain.setup'

// Typing in the target box, from any of the target region's states: a pause then a search, or
// (the box emptied) no target at all.
const typed = [
  {
    guard: 'hasText' as const,
    target: '.waiting' as const,
    description: 'Something was typed: the search waits for a pause; a chosen target is let go.',
    actions: 'keepText' as const,
  },
  {
    target: '.none' as const,
    description: 'The box was emptied: the question is about anyone (any service).',
    actions: 'clearTarget' as const,
  },
]

/**
 * The user detail's explain box (issue 31 "Why can they?"): "Can <user> <permission> on
 * <target>?". A permission is chosen; for one that acts on users (or services) a target may be
 * looked up in the identity cache by name or email, as the Users (Services) list finds them; Ask
 * sends the question (GET /v1/access/explain) and the answer, Yes or No with its chain of
 * reasons, shows in a live region. Changing the question clears the answer.
 *
 * Two regions: `target` (the box and its matches) and `answer` (the question asked).
 */
export const explainMachine = explainSetup.createMachine({
  id: 'explain',
  description: 'Can this user do this, to that? The question, its target and the answer.',
  context: ({ input }) => ({
    userId: input.user.id,
    name: `${input.user.nameFirst} ${input.user.nameLast}`,
    permission: null,
    ...NO_TARGET,
    explanation: null,
    error: null,
  }),
  type: 'parallel',
  states: {
    target: {
      description:
        'The target box (for a permission that acts on users or services) and its matches.',
      initial: 'none',
      on: {
        'explain.permissionPicked': [
          {
            guard: 'changesTargetKind',
            target: '.none',
            description:
              'A permission that acts on another kind of thing (or none) was chosen: the box is emptied.',
            actions: ['keepPermission', 'clearTarget'],
          },
          {
            description:
              'A permission that acts on the same kind of thing was chosen: the target stays.',
            actions: 'keepPermission',
          },
        ],
        'explain.typed': typed,
      },
      states: {
        none: {
          description: 'No target: the question is about anyone (or the permission needs none).',
        },
        waiting: {
          description: "'Searching…' while typing goes on.",
          tags: ['searching'],
          after: {
            searchDebounce: {
              target: 'searching',
              description: 'Typing paused: the cache is searched.',
            },
          },
        },
        searching: {
          description: "'Searching…'; a newer keystroke abandons this search.",
          tags: ['searching'],
          invoke: {
            id: 'findTargets',
            src: 'findTargets',
            input: ({ context }) => ({
              kind: kindOf(context) ?? 'user',
              text: context.text.trim(),
            }),
            onDone: {
              target: 'offered',
              description: "The matches show under the box, or 'No matches'.",
              actions: assign({
                matches: ({ event }) => event.output.matches,
                more: ({ event }) => event.output.count - event.output.matches.length,
                searchError: null,
              }),
            },
            onError: {
              target: 'searchFailed',
              description: 'The cache could not be searched: the reason shows under the box.',
              actions: 'recordSearchError',
            },
          },
        },
        offered: {
          description: 'The matches, each a button that chooses it.',
          tags: ['offered'],
          on: {
            'explain.chosen': {
              target: 'chosen',
              description: 'A match was chosen: the box holds its name.',
              actions: assign({
                target: ({ event }) => event.match,
                text: ({ event }) => event.match.name,
                matches: [],
                more: 0,
              }),
            },
          },
        },
        searchFailed: {
          description: "'The search failed' with the reason; typing searches again.",
          tags: ['error'],
        },
        chosen: { description: 'The question is about the chosen user or service.' },
      },
    },
    answer: {
      description: "The question's answer, in a live region.",
      initial: 'idle',
      on: {
        'explain.ask': {
          guard: and(['canAsk', not(stateIn({ answer: 'asking' }))]),
          target: '.asking',
          description:
            'Ask was pressed with a whole question (a permission; a target chosen, or none).',
        },
        'explain.permissionPicked': {
          target: '.idle',
          description: 'The question changed: the last answer goes.',
          actions: 'forgetAnswer',
        },
        'explain.typed': {
          target: '.idle',
          description: 'The target changed: the last answer goes.',
          actions: 'forgetAnswer',
        },
        'explain.chosen': {
          target: '.idle',
          description: 'A target was chosen: the last answer goes.',
          actions: 'forgetAnswer',
        },
      },
      states: {
        idle: { description: 'No answer yet: Ask is on once the question is whole.' },
        asking: {
          description: "'Asking…'; Ask waits.",
          tags: ['busy'],
          invoke: {
            id: 'askServer',
            src: 'askServer',
            input: ({ context }) => ({
              user: context.userId,
              permission: context.permission ?? 'users.read',
              target: context.target?.id ?? null,
            }),
            onDone: {
              target: 'answered',
              description: 'Yes or No, the answer in a sentence, and the chain of reasons.',
              actions: assign({ explanation: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'failed',
              description: 'The server refused the question or could not be reached: why shows.',
              actions: 'recordError',
            },
          },
        },
        answered: { description: "'Yes' or 'No', the answer and its reasons." },
        failed: {
          description: "'The question could not be answered' with the reason.",
          tags: ['error'],
        },
      },
    },
  },
})

export type ExplainActor = ActorRefFrom<typeof explainMachine>
export type ExplainSnapshot = SnapshotFrom<typeof explainMachine>
