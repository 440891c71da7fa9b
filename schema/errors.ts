/**
 * Error codes of the HTTP envelope (DESIGN.md §4). The console maps them to the messages of
 * SPEC.md §8; the server sends the default message unless a situation needs a specific one.
 */
export const ErrorCode = {
  generic: 1000,
  validation: 1001,
  notSignedIn: 401,
  forbidden: 403,
  notFound: 404,
  incorrectLogin: 801,
  accountLocked: 802,
  incorrectCode: 803,
  resetLinkInvalid: 804,
  oldPasswordWrong: 805,
  passwordPolicy: 806,
  passwordRecentlyUsed: 807,
  accountDisabled: 808,
  throttled: 823,
} as const

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const defaultErrorMessage: Record<ErrorCode, string> = {
  1000: 'AN ERROR OCCURRED',
  1001: 'The request is not valid.',
  401: 'You are not signed in.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  801: 'Incorrect Login. Try Again.',
  802: 'This account has been locked, once an admin unlocks your account you will receive a password reset email.',
  803: 'Incorrect Code. Try Again.',
  804: 'Password reset link has expired.',
  805: 'The old password is not correct.',
  806: 'The new password does not meet the password rules.',
  807: 'The new password you entered is the same as an old password. Enter a different password.',
  808: 'This account has been disabled. Contact your administrator.',
  823: 'Too many attempts. Try again later.',
}
