import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Group, GroupMember, MembersChangeResults } from '../../../../schema/access'
import { listMembers, removeMembers } from '../../../data/api/groups'
import { userName } from '../../../data/lists/pickers'
import { serverMessage } from '../../../kit/machines/notification.messages'
import {
  firstPage,
  olderPage,
  pageError,
  pagedStates,
  type PagedContext,
  type TimelinePage,
} from '../../../kit/machines/pagedTimeline'
import { notify } from '../../../kit/machines/system'
import { addMembersMachine, type AddMembersActor } from './addMembers.machine'
import { notRemovedNotice, removedNotice } from './groups.messages'
import { tellParent } from './tellParent'

/** The members read so far (`events`: the paged kit's name for its rows), by last name. */
type MembersContext = PagedContext<GroupMember> & {
  groupId: string
  /** The 'Add members' dialog. */
  adder: AddMembersActor
  /** The member being removed, then the answer. */
  removing: GroupMember | null
  removed: MembersChangeResults | null
}

export type GroupMembersEvent =
  | { type: 'members.retry' }
  | { type: 'members.loadMore' }
  | { type: 'members.remove'; member: GroupMember }
  | { type: 'members.changed'; group: Group }

type PageInput = { groupId: string; after: string | null }
type Page = TimelinePage<GroupMember>

/** One page of members in the paged kit's shape. */
export const loadPage = fromPromise<Page, PageInput>(async ({ input, signal }) => {
  const page = await listMembers(input.groupId, input.after, { signal })
  return { events: page.members, cursor: page.next }
})

/** Takes one user out of the group. */
export const removeMember = fromPromise<MembersChangeResults, { groupId: string; id: string }>(
  ({ input, signal }) => removeMembers(input.groupId, [input.id], { signal }),
)

const paged = pagedStates({
  retry: 'members.retry',
  loadMore: 'members.loadMore',
  pageInput: (context: MembersContext, after: string | null): PageInput => ({
    groupId: context.groupId,
    after,
  }),
  says: {
    loading: "The first members are read; 'Loading members…' shows.",
    failed: "'The members could not be loaded' with the reason and Retry.",
    ready: "The members, each with Remove; 'Load more' when there are more.",
    loadMore: "'Load more' was pressed.",
    loadingMore: "The members stay; the next page is read ('Load more' waits).",
    moreFailed: "The members, the reason more could not be read, and 'Load more' again.",
  },
})

type Args = { context: MembersContext }
type EventArgs = { context: MembersContext; event: GroupMembersEvent }
const nameOf = (member: GroupMember | null) => (member ? userName(member) : 'The user')

/**
 * A group's members (the Groups screen): read page by page from the server; Remove takes one out
 * (users.access) and 'Add members' (its own chart, a child) puts users in. After either the first
 * page is read again and the Groups page hears the group's new member count.
 */
export const groupMembersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as GroupMembersEvent,
    input: {} as { groupId: string },
  },
  actors: { loadPage, removeMember, adder: addMembersMachine },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
  },
  actions: {
    recordError: assign({ error: ({ event }) => pageError(event) }),
    showFirstPage: assign((_, page: Page) => firstPage(page)),
    showOlderPage: assign(({ context }, page: Page) => olderPage(context, page)),
    tellPage: tellParent(({ event }: EventArgs) => ({
      type: 'groups.saved',
      group: event.type === 'members.changed' ? event.group : undefined,
    })),
    tellPageRemoved: tellParent(({ context }: Args) => ({
      type: 'groups.saved',
      group: context.removed?.group,
    })),
    notifyRemoved: notify(({ context }: Args) =>
      context.removed ? removedNotice(nameOf(context.removing), context.removed) : null,
    ),
    notifyNotRemoved: notify(({ context }: Args) =>
      notRemovedNotice(nameOf(context.removing), context.error),
    ),
  },
}).createMachine({
  id: 'groupMembers',
  description: "A group's members, read page by page; remove one, add some.",
  context: ({ input, spawn }) => ({
    groupId: input.groupId,
    events: [],
    cursor: null,
    error: null,
    adder: spawn('adder', { id: 'adder', input: { groupId: input.groupId } }),
    removing: null,
    removed: null,
  }),
  initial: 'loading',
  on: {
    'members.changed': {
      target: '.loading',
      description: "'Add members' added some: the first page is read again.",
      actions: 'tellPage',
    },
  },
  states: {
    ...paged,
    ready: {
      ...paged.ready,
      on: {
        ...paged.ready.on,
        'members.remove': {
          target: 'removing',
          description: "A member's Remove was pressed.",
          actions: assign({ removing: ({ event }) => event.member, removed: null }),
        },
      },
    },
    removing: {
      description: "The server takes the member out; that row's Remove spins.",
      tags: ['busy', 'removing'],
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }: { context: MembersContext }) => ({
          groupId: context.groupId,
          id: context.removing?.id ?? '',
        }),
        onDone: {
          target: 'loading',
          description: "Removed: a notice says 'Removed … from …'; the members are read again.",
          actions: [
            assign({ removed: ({ event }) => event.output }),
            'tellPageRemoved',
            'notifyRemoved',
          ],
        },
        onError: {
          target: 'ready',
          description: 'Refused: a notice says why; the member stays in the list.',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            'notifyNotRemoved',
          ],
        },
      },
    },
  },
})

export type GroupMembersActor = ActorRefFrom<typeof groupMembersMachine>
export type GroupMembersSnapshot = SnapshotFrom<typeof groupMembersMachine>
