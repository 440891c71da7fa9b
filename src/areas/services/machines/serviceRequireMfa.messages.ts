import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The switch's label and its hint (docs/console-services.md). */
export const REQUIRE_MFA_LABEL = 'Requires a second factor'
export const REQUIRE_MFA_HINT =
  'Every sign-in into this service will need a second factor; users without one are refused.'

export const requireMfaSavedNotice = (on: boolean) =>
  succeeded(
    on
      ? 'The service now requires a second factor'
      : 'The service no longer requires a second factor',
  )

export const requireMfaNotSavedNotice = (reason: string | null) =>
  failed('The second-factor requirement was not saved', reason)
