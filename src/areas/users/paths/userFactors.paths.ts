import type { UserFactor } from '../../../../schema/factors'
import {
  userFactorsMachine,
  type FactorsEvent,
  type UserFactorsSnapshot,
} from '../machines/userFactors.machine'
import { factorTitle, NO_SECOND_FACTOR, RESET_WORDS } from '../machines/userFactors.messages'
import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { aUser, savedUserOf } from './userDetail.fixtures'
import { messageLine } from '../../../kit/paths/message'

/** Someone with an authenticator app, text-message codes and recovery codes, and no passkey. */
export const factorsUser = aUser({ authenticator: true, passkeys: 0 })
/** The server's answer to the reset: the app and text messages gone. */
export const resetUser = savedUserOf(factorsUser, { authenticator: false, use2FA: false })

/** What GET /v1/user/:id/factors answers for them; after the reset, nothing. */
export const enrolledFactors: UserFactor[] = [
  {
    kind: 'authenticator',
    enrolledAt: '2026-01-10T09:00:00.000Z',
    lastUsedAt: '2026-02-01T09:00:00.000Z',
  },
  { kind: 'sms', enrolledAt: null, lastUsedAt: null },
  { kind: 'recovery', enrolledAt: '2026-01-10T09:00:00.000Z', lastUsedAt: null, count: 9 },
]

export const RESET_REFUSED = 'You may not act on this account.'

// A first read answers the three factors; a read after the reset answers none.
function events(s: UserFactorsSnapshot): FactorsEvent[] {
  return [
    { type: 'factors.retry' },
    { type: 'factors.reset' },
    { type: 'factors.confirm' },
    { type: 'factors.cancel' },
    {
      type: 'xstate.done.actor.loadFactors',
      output: s.context.factors === null ? enrolledFactors : [],
    },
    { type: 'xstate.error.actor.loadFactors', error: refusal(503, 'The server is busy.') },
    { type: 'xstate.done.actor.resetFactors', output: resetUser },
    { type: 'xstate.error.actor.resetFactors', error: refusal(403, RESET_REFUSED) },
  ] as unknown as FactorsEvent[]
}

const named = { name: `${factorsUser.nameFirst} ${factorsUser.nameLast}`, email: factorsUser.email }

function shows(s: UserFactorsSnapshot): string {
  if (s.hasTag('open'))
    return [
      `The alertdialog '${RESET_WORDS.title(named)}'`,
      `'${RESET_WORDS.label}' and Cancel are ${s.hasTag('busy') ? 'off' : 'on'}`,
      messageLine(s),
    ].join('; ')
  if (s.hasTag('busy')) return "'Loading second factors…'"
  if (s.hasTag('error')) return `“${s.context.error}” with Retry`
  const factors = s.context.factors ?? []
  const listed = factors.length ? factors.map(factorTitle).join(', ') : `'${NO_SECOND_FACTOR}'`
  return s.can({ type: 'factors.reset' }) ? `${listed}; '${RESET_WORDS.label}'` : listed
}

export const userFactorsPaths = definePaths({
  name: "A user's second factors",
  machine: userFactorsMachine,
  events,
  input: { user: factorsUser },
  // The way in counts, so that the shortest paths take every transition, not only reach each state.
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.factors?.length ?? null, s.context.error !== null]),
  ),
  filterEvents: (s, event) => s.can(event),
  shows,
})

export const models = [userFactorsPaths]
