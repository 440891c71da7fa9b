import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { LoginActor } from '../../machines/login.machine'
import {
  selectBusy,
  selectCanVerify,
  selectCode,
  selectCodeError,
} from '../../machines/login.selectors'
import { FormField } from '../form/FormField'

/** The second factor: the six-character code sent by SMS (SPEC.md §2 'Login'). */
export function CodeForm({ actor }: { actor: LoginActor }) {
  const code = useSelector(actor, selectCode)
  const codeError = useSelector(actor, selectCodeError)
  const busy = useSelector(actor, selectBusy)
  const canVerify = useSelector(actor, selectCanVerify)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'mfa.submit' })
      }}
    >
      <Flex direction="column" gap="4">
        <Text as="p">Please enter the security code.</Text>
        <FormField
          label="Security Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          readOnly={busy}
          value={code}
          error={codeError}
          onValueChange={(value) => actor.send({ type: 'mfa.codeChanged', value })}
        />
        <Button type="submit" size="3" loading={busy} disabled={!canVerify}>
          Validate Code
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => actor.send({ type: 'mfa.back' })}
        >
          Back to Login
        </Button>
      </Flex>
    </form>
  )
}
