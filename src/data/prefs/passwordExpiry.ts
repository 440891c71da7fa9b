import { sessionDismissals } from './sessionDismissals'

const expiry = sessionDismissals('gatehouse.passwordExpiryDismissed')

/** Whether this user already put the password-expiry warning off in this browser session. */
export const isExpiryWarningDismissed = expiry.isDismissed

/** 'Later' (or a change): quiet until the browser closes. */
export const dismissExpiryWarning = expiry.dismiss
