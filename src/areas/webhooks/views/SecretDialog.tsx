import { Callout, Code, Flex, Text } from '@radix-ui/themes'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { CopyButton } from '../../../kit/views/factors/CopyButton'
import { ExclamationTriangleIcon } from '../../../kit/views/icons/firstLoadIcons'

type Props = {
  open: boolean
  title: string
  secret: string
  /** More under the secret: until when the old one keeps working. */
  note?: string | undefined
  onDone: () => void
}

/** An endpoint's signing secret, shown this once, with Copy; Done puts it away for good. */
export function SecretDialog({ open, title, secret, note, onDone }: Props) {
  return (
    <DialogFrame
      open={open}
      onClose={onDone}
      // A stray click outside or Escape must not lose the secret: only Done puts it away.
      canClose={false}
      title={title}
      description="Receivers check each delivery's webhook-signature header with this secret (Standard Webhooks)."
      maxWidth={{ initial: '100%', xs: '560px' }}
    >
      <Flex direction="column" gap="3">
        <Callout.Root color="amber" role="status" highContrast>
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>Copy this secret now. You won't see it again.</Callout.Text>
        </Callout.Root>
        <Code
          size="3"
          aria-label="The signing secret"
          style={{ overflowWrap: 'anywhere', userSelect: 'all', padding: 'var(--space-2)' }}
        >
          {secret}
        </Code>
        {note && (
          <Text as="p" size="2" color="gray">
            {note}
          </Text>
        )}
        <Flex>
          <CopyButton text={secret} label="Copy" />
        </Flex>
        <DialogActions cancelLabel="Done" onCancel={onDone} />
      </Flex>
    </DialogFrame>
  )
}
