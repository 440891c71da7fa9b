import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { readBiometricFlag } from '../../../data/prefs/biometric'
import { readLastUsername } from '../../../data/prefs/lastUsername'
import { webAuthnSupported } from '../../../data/webauthn/ceremonies'
import { codeStates } from './login.code'
import { credentialsStates } from './login.credentials'
import { enrolmentStates } from './login.enrolment'
import { loginSetup } from './login.setup'
import { finalState } from '../../../kit/machines/finalState'

export type { LoginEvent } from './login.setup'

/**
 * The flow's input as the login screen opens: the username remembered from the last sign-in, and
 * the passkey button only where biometric login was turned on and the browser can run the ceremony.
 */
export const loginInput = () => ({
  username: readLastUsername(),
  passkeyOffered: readBiometricFlag() && webAuthnSupported(),
})

/**
 * Sign-in with an optional second factor (SPEC.md §2 'Login', §4), or with a passkey where this
 * browser holds one (docs/passkeys.md). It ends in 'signedIn', whose entry tells the session (the
 * session actor) to fetch the user.
 *
 * The states live beside it, one step a file: login.credentials.ts (the form, the password, the
 * passkey), login.code.ts (the second factor), login.enrolment.ts (an enrolment the policy requires
 * and its recovery codes); login.setup.ts holds the context, events, actors, guards and actions.
 */
export const loginMachine = loginSetup.createMachine({
  id: 'login',
  meta: { spec: ['§2.3', '§4.2'] },
  description:
    'Username and password, then a second factor when the account has one, or its enrolment when the policy requires one.',
  context: ({ input }) => ({
    username: input.username,
    password: '',
    code: '',
    challenge: null,
    methods: [],
    method: 'sms',
    textSent: false,
    destination: null,
    resent: false,
    setup: null,
    recoveryCodes: [],
    codesSaved: false,
    error: null,
    passkeyOffered: input.passkeyOffered ?? false,
  }),
  initial: 'credentials',
  states: {
    ...credentialsStates,
    ...codeStates,
    ...enrolmentStates,
    signedIn: finalState('A session exists; the session actor takes over from here.', {
      // Still busy: the form stays disabled until the signed-in routes replace it.
      tags: ['busy'],
      entry: 'tellSessionSignedIn',
    }),
  },
})

export type LoginActor = ActorRefFrom<typeof loginMachine>
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>
