import { Button } from '@radix-ui/themes'
import type { LoginActor } from '../machines/login.machine'

/** 'Back to Login' under the second step's forms: the login statechart goes back to the start. */
export function BackToLogin({ actor, busy }: { actor: LoginActor; busy: boolean }) {
  return (
    <Button
      type="button"
      variant="ghost"
      disabled={busy}
      onClick={() => actor.send({ type: 'mfa.back' })}
    >
      Back to Login
    </Button>
  )
}
