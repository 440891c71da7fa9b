import { fromPromise } from 'xstate'
import type { SecondFactorMethod } from '../../../schema/factors'
import type { LoginResults } from '../../../schema/auth'
import type { SelfUser } from '../../../schema/user'
import type { ResetLink } from '../../../src/data/api/password'
import { forgotPasswordMachine } from '../../../src/areas/sign-in/machines/forgotPassword.machine'
import { loginMachine } from '../../../src/areas/sign-in/machines/login.machine'
import { passwordChangeMachine } from '../../../src/areas/account/machines/passwordChange.machine'
import { passwordResetMachine } from '../../../src/areas/sign-in/machines/passwordReset.machine'
import { Latest } from '../../setup/gate'

/** The password flows' server calls, each a gate the test settles. */
export const calls = {
  requestPasswordReset: new Latest<void>(),
  lookUpResetToken: new Latest<ResetLink>(),
  resetPassword: new Latest<void>(),
  changePassword: new Latest<void>(),
  fetchSelf: new Latest<SelfUser>(),
  signIn: new Latest<{ mfaId?: string; user: { id: string } }>(),
  verifyAccessCode: new Latest<{ user: { id: string } }>(),
}

/**
 * The password flows' machines with their server calls behind the gates: give them to renderApp
 * (`provide`), which hands them to the screens in place of the real ones, by machine id.
 */
export const passwordMachines = [
  forgotPasswordMachine.provide({
    actors: {
      requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
        calls.requestPasswordReset.wait(input.email),
      ),
    },
  }),
  passwordResetMachine.provide({
    actors: {
      lookUpResetToken: fromPromise<ResetLink, { slug: string }>(({ input }) =>
        calls.lookUpResetToken.wait(input.slug),
      ),
      resetPassword: fromPromise<void, { slug: string; username: string; password: string }>(
        ({ input: { slug, ...body } }) => calls.resetPassword.wait({ slug, body }),
      ),
      // The sign-in with the new password is the login flow's own.
      login: loginMachine.provide({
        actors: {
          signIn: fromPromise<LoginResults, { username: string; password: string }>(({ input }) =>
            calls.signIn.wait(input),
          ),
          verifyAccessCode: fromPromise<
            unknown,
            { userId: string; requestId: string; accessCode: string; method: SecondFactorMethod }
          >(({ input }) => calls.verifyAccessCode.wait(input)),
        },
      }),
    },
  }),
  passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<void, { userId: string; oldPassword: string; password: string }>(
        ({ input: { userId, ...body } }) => calls.changePassword.wait({ userId, body }),
      ),
      fetchSelf: fromPromise<SelfUser>(() => calls.fetchSelf.wait(undefined)),
    },
  }),
]

/** Forgets the inputs of earlier tests (each Latest only settles its newest call anyway). */
export function resetCalls(): void {
  for (const call of Object.values(calls)) call.inputs.length = 0
}
