import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { readBiometricFlag } from '../../data/prefs/biometric'
import { readLastUsername } from '../../data/prefs/lastUsername'
import { webAuthnSupported } from '../../data/webauthn/ceremonies'
import { loginMachine } from '../../machines/login.machine'
import { selectLoggedOut } from '../../machines/session.selectors'
import { useSession } from '../app/sessionContext'
import { useScreenActor } from '../app/useScreenActor'
import { LoginView } from './LoginView'

/** Runs the login flow for the /login route. */
export function LoginScreen() {
  const session = useSession()
  const loggedOut = useSelector(session, selectLoggedOut)
  // Read once: the prefill decides which field gets the focus when the screen opens.
  const [lastUsername] = useState(readLastUsername)
  // Offered only where biometric login was turned on and the browser can run the ceremony.
  const [passkeyOffered] = useState(() => readBiometricFlag() && webAuthnSupported())
  const actor = useScreenActor(loginMachine, { input: { username: lastUsername, passkeyOffered } })
  if (!actor) return null
  return <LoginView actor={actor} loggedOut={loggedOut} focusPassword={lastUsername !== ''} />
}
