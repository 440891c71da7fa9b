import { Box, Card, Flex } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { passwordChangeMachine } from '../../machines/passwordChange.machine'
import { selectUser } from '../../machines/startup.selectors'
import { useStartup } from '../app/startupContext'
import { PageHeader } from '../page/PageHeader'
import { ChangePasswordForm } from './ChangePasswordForm'

const selectMustChange = (user: { mustChangePassword: boolean } | null) =>
  user?.mustChangePassword ?? false

/**
 * /password (SPEC.md §2 'Change password'). It is also where a forced change lands: the guard
 * sends every other signed-in route here while the user must change the password.
 */
export function ChangePasswordPage() {
  const startup = useStartup()
  const navigate = useNavigate()
  const user = useSelector(startup, selectUser)
  const mustChange = selectMustChange(user)
  const actor = useActorRef(
    passwordChangeMachine.provide({
      actions: {
        notifyUpdated: (_, changes) => startup.send({ type: 'self.updated', changes }),
        leave: () => void navigate({ to: '/' }),
      },
    }),
    { input: { userId: user?.id ?? '' } },
  )
  return (
    <Flex direction="column" gap="5">
      <PageHeader title="Change Password" />
      <Box width="100%" maxWidth="480px">
        <Card size="3">
          <ChangePasswordForm
            actor={actor}
            title={mustChange ? 'You need to change your password' : 'Password Change'}
          />
        </Card>
      </Box>
    </Flex>
  )
}
