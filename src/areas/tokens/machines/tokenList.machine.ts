import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ApiToken } from '../../../../schema/access'
import { listTokens, revokeToken } from '../../../data/api/tokens'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { notRevokedNotice, revokedNotice } from './tokenList.messages'

type TokenListContext = {
  /** The caller's tokens, newest first. */
  tokens: ApiToken[]
  /** Why the last read or revoke failed, in words. */
  error: string | null
  /** The token Revoke was pressed on: its confirmation, then the call. */
  revoking: ApiToken | null
  /** When the list was read: what 'expired' is judged against. */
  readAt: number
}

export type TokenListEvent =
  | { type: 'tokens.retry' }
  | { type: 'tokens.revoke'; token: ApiToken }
  | { type: 'tokens.confirm' }
  | { type: 'tokens.cancel' }
  /** The New token dialog made one (its chart tells the list). */
  | { type: 'tokens.created'; token: ApiToken }

const newestFirst = (tokens: ApiToken[]) =>
  [...tokens].sort((a, b) => b.createdAt.localeCompare(a.createdAt))

/** The chart's effects; tests swap them (`tokenListMachine.provide({ actors })`). */
export const tokenListActors = {
  listTokens: fromPromise<ApiToken[]>(({ signal }) => listTokens({ signal })),
  revokeToken: fromPromise<ApiToken, { id: string }>(({ input, signal }) =>
    revokeToken(input.id, { signal }),
  ),
}

/**
 * The API tokens screen (issue 31): the caller's own tokens with what each carries, when it was
 * made, when it ends, when and from where it was last used, and whether it is active, expired or
 * revoked. Revoke asks first, then revokes at once; a token the New token dialog made joins the
 * list without a read.
 */
export const tokenListMachine = setup({
  types: {
    context: {} as TokenListContext,
    events: {} as TokenListEvent,
  },
  actors: tokenListActors,
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    addCreated: assign({
      tokens: ({ context, event }) =>
        event.type === 'tokens.created'
          ? newestFirst([event.token, ...context.tokens.filter((t) => t.id !== event.token.id)])
          : context.tokens,
    }),
    notifyRevoked: notify(({ context }: { context: TokenListContext }) =>
      context.revoking ? revokedNotice(context.revoking) : null,
    ),
    notifyNotRevoked: notify(({ context }: { context: TokenListContext }) =>
      context.revoking ? notRevokedNotice(context.revoking, context.error) : null,
    ),
  },
}).createMachine({
  id: 'tokenList',
  description: "The caller's API tokens: read, listed, revoked after a confirmation.",
  context: () => ({ tokens: [], error: null, revoking: null, readAt: Date.now() }),
  on: {
    'tokens.created': {
      description: 'The New token dialog made a token: it joins the list at the top.',
      actions: 'addCreated',
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The tokens are read; 'Loading your tokens…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'listTokens',
        src: 'listTokens',
        onDone: {
          target: 'ready',
          description: 'Read: the tokens are listed (or what a token is for, with none).',
          actions: assign({
            tokens: ({ event }) => newestFirst(event.output),
            error: null,
            readAt: () => Date.now(),
          }),
        },
        onError: {
          target: 'unavailable',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
    },
    unavailable: {
      description: "'Your tokens could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'tokens.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: 'The tokens, each active one with Revoke; New token.',
      on: {
        'tokens.revoke': {
          target: 'confirming',
          description: 'Revoke was pressed on a token: its confirmation opens.',
          actions: assign({ revoking: ({ event }) => event.token, error: null }),
        },
      },
    },
    ...confirmDialog({
      confirm: 'tokens.confirm',
      cancel: 'tokens.cancel',
      acting: 'revoking',
      back: 'ready',
      says: {
        asking: "'Revoke “name”?': scripts using it are refused at once.",
        confirmed: "'Revoke token' was pressed.",
        cancelled: 'Cancel was pressed (or Escape): nothing changes.',
        failed: 'The revoke failed: the dialog says why; Revoke token again, or Cancel.',
        again: "'Revoke token' was pressed again.",
        gaveUp: 'Cancel was pressed: the token stays as it was.',
      },
    }),
    revoking: {
      description: 'The server revokes the token; the dialog waits.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ id: context.revoking?.id ?? '' }),
        onDone: {
          target: 'ready',
          description: "Revoked: the row says so, and a notice 'The token … was revoked.'",
          actions: [
            assign({
              tokens: ({ context, event }) =>
                context.tokens.map((t) => (t.id === event.output.id ? event.output : t)),
            }),
            'notifyRevoked',
            assign({ revoking: null }),
          ],
        },
        onError: {
          target: 'failed',
          description: "Refused or failed: the dialog stays open with the server's words.",
          actions: ['recordError', 'notifyNotRevoked'],
        },
      },
    },
  },
})

export type TokenListActor = ActorRefFrom<typeof tokenListMachine>
export type TokenListSnapshot = SnapshotFrom<typeof tokenListMachine>
