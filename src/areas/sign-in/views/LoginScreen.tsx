import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { loginInput, loginMachine } from '../machines/login.machine'
import { selectLoggedOut } from '../../../kit/session/session.selectors'
import { useSession } from '../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { LoginView } from './LoginView'

/** Runs the login flow for the /login route. */
export function LoginScreen() {
  const session = useSession()
  const loggedOut = useSelector(session, selectLoggedOut)
  // Read once: the prefill decides which field gets the focus when the screen opens.
  const [input] = useState(loginInput)
  const actor = useScreenActor(loginMachine, { input })
  if (!actor) return null
  return <LoginView actor={actor} loggedOut={loggedOut} focusPassword={input.username !== ''} />
}
