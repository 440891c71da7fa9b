import { TrashIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'

type Props = {
  /** 'Delete Visage', 'Remove Logo'. */
  label: string
  busy?: boolean
  disabled: boolean
  onClick: () => void
}

/** The red button beside a stored image that deletes it (or asks first). */
export function RemoveImageButton({ label, busy = false, disabled, onClick }: Props) {
  return (
    <Button color="red" variant="soft" loading={busy} disabled={disabled} onClick={onClick}>
      <TrashIcon /> {label}
    </Button>
  )
}
