import type { LoginActor } from './login.machine'
import type { ServiceSignInSnapshot } from './serviceSignIn.machine'

/** The service sign-in page: what its view reads of the machine (tags, context, can, state). */
export type Screen =
  'busy' | 'signingIn' | 'consent' | 'expiryWarning' | 'mustChangePassword' | 'failed' | 'leaving'

const SCREENS = ['signingIn', 'consent', 'expiryWarning', 'mustChangePassword', 'failed', 'leaving']
export const selectScreen = (s: ServiceSignInSnapshot): Screen =>
  (SCREENS.find((name) => s.matches(name as never)) as Screen | undefined) ?? 'busy'
export const selectDetails = (s: ServiceSignInSnapshot) => s.context.details
export const selectError = (s: ServiceSignInSnapshot) => s.context.error
export const selectDays = (s: ServiceSignInSnapshot) => s.context.expiresInDays ?? 0
export const selectLogin = (s: ServiceSignInSnapshot) => s.children.login as LoginActor | undefined
export const selectBusy = (s: ServiceSignInSnapshot) => s.hasTag('busy')
export const selectNotice = (s: ServiceSignInSnapshot) => s.context.notice
