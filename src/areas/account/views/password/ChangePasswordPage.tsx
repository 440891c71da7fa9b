import { Card } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import {
  passwordChangeMachine,
  type ChangeActor,
  type ChangeSnapshot,
} from '../../machines/passwordChange.machine'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../../kit/views/page/PageHeader'
import { ChangePasswordForm } from './ChangePasswordForm'
import { AccountColumn } from '../AccountColumn'

const selectMustChange = (user: { mustChangePassword: boolean } | null) =>
  user?.mustChangePassword ?? false

/**
 * /password (SPEC.md §2 'Change password'). It is also where a forced change lands: the guard
 * sends every other signed-in route here while the user must change the password.
 */
export function ChangePasswordPage() {
  const session = useSession()
  const user = useSelector(session, selectUser)
  const mustChange = selectMustChange(user)
  const actor = useScreenActor(passwordChangeMachine, { input: { userId: user?.id ?? '' } })
  return (
    <AccountColumn>
      <PageHeader title="Change Password" />
      <Card size={{ initial: '2', sm: '3' }}>
        {actor && (
          <ChangePassword
            actor={actor}
            title={mustChange ? 'You need to change your password' : 'Password Change'}
          />
        )}
      </Card>
    </AccountColumn>
  )
}

const selectLeft = (snapshot: ChangeSnapshot) => snapshot.status === 'done'

/** The form; once the flow is done (Home, or five seconds after the message), the page goes to /. */
function ChangePassword({ actor, title }: { actor: ChangeActor; title: string }) {
  const navigate = useNavigate()
  const left = useSelector(actor, selectLeft)
  useEffect(() => {
    if (left) void navigate({ to: '/' })
  }, [left, navigate])
  return <ChangePasswordForm actor={actor} title={title} />
}
