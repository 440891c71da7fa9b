import { ACCESS_MESSAGES } from '../../../../schema/access'
import {
  tokenListMachine,
  type TokenListEvent,
  type TokenListSnapshot,
} from '../machines/tokenList.machine'
import { revokeWords } from '../machines/tokenList.messages'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths, withWayIn } from '../../../flows/model'
import { activeToken, createdToken, revokedNow, revokedToken } from './tokens.fixtures'

export * from './tokens.fixtures'

const events = [
  { type: 'xstate.done.actor.listTokens', output: [revokedToken, activeToken] },
  { type: 'xstate.error.actor.listTokens', error: offline },
  { type: 'tokens.retry' },
  { type: 'tokens.revoke', token: activeToken },
  { type: 'tokens.confirm' },
  { type: 'tokens.cancel' },
  { type: 'xstate.done.actor.revokeToken', output: revokedNow },
  { type: 'xstate.error.actor.revokeToken', error: failure(404, 404, ACCESS_MESSAGES.noSuchToken) },
  { type: 'tokens.created', token: createdToken },
] as unknown as TokenListEvent[]

function shows(s: TokenListSnapshot): string {
  if (s.matches('loading')) return "'Loading your tokens…'"
  if (s.matches('unavailable'))
    return `'Your tokens could not be loaded: ${s.context.error}' and Retry`
  const revoked = s.context.tokens.filter((t) => t.revokedAt !== null).length
  const parts = [`${s.context.tokens.length} token(s), ${revoked} revoked`]
  if (s.hasTag('open') && s.context.revoking)
    parts.push(`the dialog '${revokeWords(s.context.revoking).title}'`)
  if (s.hasTag('busy')) parts.push("'Revoke token' waits")
  if (s.hasTag('error')) parts.push(`the dialog says “${s.context.error}”`)
  return parts.join('; ')
}

export const tokenListPaths = definePaths({
  name: 'API tokens',
  machine: tokenListMachine,
  events,
  serializeState: withWayIn((s: TokenListSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.tokens.map((t) => `${t.id.slice(-2)}${t.revokedAt ? 'r' : ''}`),
      s.context.error !== null,
    ]),
  ),
  // Revoke is on an active token on show; a new token comes from the dialog on the ready list.
  filterEvents: (s, event) => {
    if (event.type === 'tokens.revoke')
      return s.context.tokens.some((t) => t.id === event.token.id && t.revokedAt === null)
    if (event.type === 'tokens.created')
      return s.matches('ready') && !s.context.tokens.some((t) => t.id === event.token.id)
    return true
  },
  // Each path is driven through the screen (a new token through the dialog): the few that take
  // every transition.
  select: (paths) => coveringPaths(tokenListMachine, undefined, paths),
  shows,
  detail: answerDetail,
})

export const models = [tokenListPaths]
