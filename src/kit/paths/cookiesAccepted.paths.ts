import { cookiesAcceptedMachine } from '../session/cookiesAccepted.machine'
import { definePaths } from '../../flows/model'

export const userId = 'u-ada'

/** No screen of its own: it runs behind the signed-in frame, once per sign-in. */
export const cookiesAcceptedPaths = definePaths({
  name: 'iOS cookies accepted',
  machine: cookiesAcceptedMachine,
  events: [
    { type: 'xstate.done.actor.markCookiesAccepted', output: true },
    { type: 'xstate.done.actor.markCookiesAccepted', output: false },
  ] as never[],
  input: { userId },
})

export const models = [cookiesAcceptedPaths]
