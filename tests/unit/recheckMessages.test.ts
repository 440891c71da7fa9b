import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/data/api/ApiError'
import { biometricFailureText } from '../../src/areas/account/machines/biometric.messages'
import { changeFailureMessage } from '../../src/kit/machines/password.messages'
import { serverMessage } from '../../src/kit/machines/notification.messages'

// A password re-check counts like a sign-in (docs/server-security.md): once the account or the
// address must wait, every editor that asks for the password says how long, in the server's words.
const wait = new ApiError(
  429,
  823,
  'Too many failed sign-in attempts for this account. Try again in 5 minutes.',
)

describe('password re-check refusals in the editors', () => {
  it.each([
    ['the password change', changeFailureMessage],
    ['the email, phone and two-factor editors', serverMessage],
    ['biometric login', biometricFailureText],
  ])('%s show the wait (823)', (_, message) => {
    expect(message(wait)).toBe(wait.message)
  })

  it('the password change keeps its own words for a wrong old password and other failures', () => {
    expect(changeFailureMessage(new ApiError(401, 805, 'x'))).toBe(
      'The old password is not correct.',
    )
    expect(changeFailureMessage(new ApiError(500, 1000, 'x'))).toBe(
      'An Error Occurred. Try Again.',
    )
  })
})
