import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'

type PromptSnapshot<TEvent> = Snapshot<unknown> & {
  hasTag: (tag: 'open' | 'busy' | 'error') => boolean
  can: (event: TEvent) => boolean
  context: { password: string; error: string | null }
}

/** The prompt's events: Continue, Cancel, and the password as it is typed. */
type PromptEvents<TEvent> = {
  submit: TEvent
  cancel: TEvent
  passwordChanged: (value: string) => TEvent
}

/**
 * What a PasswordPromptDialog shows of a switch's chart (tagged `open` while it asks, its failure
 * only then) and the events its controls send: spread the result on the dialog.
 */
export function usePasswordPrompt<TEvent extends EventObject>(
  actor: ActorRef<PromptSnapshot<TEvent>, TEvent>,
  events: PromptEvents<TEvent>,
) {
  const state = useSelector(
    actor,
    (s) => ({
      open: s.hasTag('open'),
      busy: s.hasTag('busy'),
      password: s.context.password,
      error: s.hasTag('open') && s.hasTag('error') ? s.context.error : null,
      canSubmit: s.can(events.submit),
      canCancel: s.can(events.cancel),
    }),
    shallowEqual,
  )
  return {
    ...state,
    onPasswordChange: (value: string) => actor.send(events.passwordChanged(value)),
    onSubmit: () => actor.send(events.submit),
    onCancel: () => actor.send(events.cancel),
  }
}
