import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { readBiometricFlag } from '../../data/prefs/biometric'
import { readLastUsername } from '../../data/prefs/lastUsername'
import { webAuthnSupported } from '../../data/webauthn/ceremonies'
import { loginMachine } from '../../machines/login.machine'
import { selectLoggedOut } from '../../machines/startup.selectors'
import { useStartup } from '../app/startupContext'
import { LoginView } from './LoginView'

/**
 * Runs the login flow for the /login route. `machine` is for tests, which swap the server calls with
 * `loginMachine.provide()`.
 */
export function LoginScreen({ machine = loginMachine }: { machine?: typeof loginMachine }) {
  const startup = useStartup()
  const loggedOut = useSelector(startup, selectLoggedOut)
  // Read once: the prefill decides which field gets the focus when the screen opens.
  const [lastUsername] = useState(readLastUsername)
  // Offered only where biometric login was turned on and the browser can run the ceremony.
  const [passkeyOffered] = useState(() => readBiometricFlag() && webAuthnSupported())
  const actor = useActorRef(
    machine.provide({
      actions: { notifySignedIn: () => startup.send({ type: 'session.signedIn' }) },
    }),
    { input: { username: lastUsername, passkeyOffered } },
  )
  return <LoginView actor={actor} loggedOut={loggedOut} focusPassword={lastUsername !== ''} />
}
