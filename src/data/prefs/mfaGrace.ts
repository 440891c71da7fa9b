import { sessionDismissals } from './sessionDismissals'

const grace = sessionDismissals('gatehouse.mfaGraceDismissed')

/** Whether this user already put the second-factor warning off in this browser session. */
export const isMfaGraceDismissed = grace.isDismissed

/** 'Later' or 'Set up now': quiet until the browser closes. */
export const dismissMfaGrace = grace.dismiss
