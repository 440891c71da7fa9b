import { Button, Flex } from '@radix-ui/themes'
import { SoftButton } from '../form/SoftButton'

type Props = {
  /** The button that gives up: 'Cancel', 'Close', 'Later'. */
  cancelLabel?: string
  canCancel?: boolean
  onCancel: () => void
  /** The main button: 'Save', 'Set up now'; none for a dialog that only closes. */
  confirmLabel?: string
  canConfirm?: boolean
  /** While the statechart works: the main button spins. */
  busy?: boolean
  /** Without it the main button submits its form (`form` names it when it is outside). */
  onConfirm?: () => void
  form?: string
  mt?: '4' | '5'
}

// Flush with the dialog's bottom edge: the content's padding moves inside the footer.
const STICKY = {
  position: 'sticky',
  bottom: 'calc(-1 * var(--dialog-content-padding))',
  zIndex: 1,
  marginBottom: 'calc(-1 * var(--dialog-content-padding))',
  paddingTop: 'var(--space-3)',
  paddingBottom: 'var(--dialog-content-padding)',
  background: 'var(--color-panel-solid)',
} as const

/**
 * A dialog's footer, at its end: the soft gray Cancel (or Close, Later), then the main button,
 * each enabled as the dialog's statechart allows. It sticks to the bottom edge of a dialog taller
 * than the screen, so the main button stays in view while the form scrolls (docs/console-dialogs.md).
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  canCancel = true,
  onCancel,
  confirmLabel,
  canConfirm = true,
  busy = false,
  onConfirm,
  form,
  mt,
}: Props) {
  return (
    <Flex gap="3" justify="end" wrap="wrap" mt={mt} style={STICKY}>
      <SoftButton disabled={!canCancel} onClick={onCancel}>
        {cancelLabel}
      </SoftButton>
      {confirmLabel && (
        <Button
          type={onConfirm ? 'button' : 'submit'}
          form={form}
          loading={busy}
          disabled={!canConfirm}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      )}
    </Flex>
  )
}
