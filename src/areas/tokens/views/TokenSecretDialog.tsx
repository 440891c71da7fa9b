import { Callout, Code, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { NewTokenActor } from '../machines/newToken.machine'
import { selectCreated, selectSecretOpen } from '../machines/newToken.selectors'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { CopyButton } from '../../../kit/views/factors/CopyButton'
import { ExclamationTriangleIcon } from '../../../kit/views/icons/firstLoadIcons'

/** The new token's secret, shown this once, with Copy; Done puts it away for good. */
export function TokenSecretDialog({ actor }: { actor: NewTokenActor }) {
  const open = useSelector(actor, selectSecretOpen)
  const created = useSelector(actor, selectCreated)
  const done = () => actor.send({ type: 'newToken.done' })
  return (
    <DialogFrame
      open={open}
      onClose={done}
      // A stray click outside or Escape must not lose the secret: only Done puts it away.
      canClose={false}
      title={`Token “${created?.token.name ?? ''}” created`}
      description="Scripts send it as Authorization: Bearer followed by the token."
      maxWidth={{ initial: '100%', xs: '560px' }}
    >
      <Flex direction="column" gap="3">
        <Callout.Root color="amber" role="status" highContrast>
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>Copy this token now. You will not be able to see it again.</Callout.Text>
        </Callout.Root>
        <Code
          size="3"
          aria-label="The new token"
          style={{ overflowWrap: 'anywhere', userSelect: 'all', padding: 'var(--space-2)' }}
        >
          {created?.secret ?? ''}
        </Code>
        <Flex>
          <CopyButton text={created?.secret ?? ''} label="Copy" />
        </Flex>
        <DialogActions cancelLabel="Done" onCancel={done} />
      </Flex>
    </DialogFrame>
  )
}
