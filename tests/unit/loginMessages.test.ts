import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/data/api/ApiError'
import { signInFailureMessage, verifyFailureMessage } from '../../src/areas/sign-in/machines/login.messages'

const locked =
  'This account has been locked, once an admin unlocks your account you will receive a password reset email.'

describe('login failure messages (SPEC.md §8)', () => {
  it.each([
    [
      'wrong credentials (801)',
      new ApiError(401, 801, 'whatever the server says'),
      'Incorrect Login. Try Again.',
    ],
    ['a locked account (802)', new ApiError(403, 802, 'Locked.'), locked],
    [
      'throttling (823): the server message',
      new ApiError(429, 823, 'Try again in 4 minutes.'),
      'Try again in 4 minutes.',
    ],
    [
      'an invalid body (1001)',
      new ApiError(400, 1001, 'username: too long'),
      'Incorrect Login. Try Again.',
    ],
    ['the network', new ApiError(0, 1000, 'unreachable', true), 'An Error Occurred. Try Again.'],
    ['an exception', new Error('boom'), 'An Error Occurred. Try Again.'],
  ])('sign-in: %s', (_, error, message) => {
    expect(signInFailureMessage(error)).toBe(message)
  })

  it.each([
    ['a wrong or expired code (803)', new ApiError(401, 803, 'x'), 'Incorrect Code. Try Again.'],
    ['a lockout reached on a code (802)', new ApiError(403, 802, 'x'), locked],
    ['the network', new ApiError(0, 1000, 'x', true), 'An Error Occurred. Try Again.'],
    ['an exception', 'not even an error', 'An Error Occurred. Try Again.'],
  ])('code: %s', (_, error, message) => {
    expect(verifyFailureMessage(error)).toBe(message)
  })
})
