import { Button } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = {
  /** Gray for Cancel, Close and Later; red for a removal; accent for another action. */
  color?: 'gray' | 'red' | 'accent'
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}

/** The soft secondary button beside a form's or a dialog's main one: Cancel, Close, Remove. */
export function SoftButton({ color = 'gray', disabled, onClick, children }: Props) {
  return (
    <Button
      type="button"
      variant="soft"
      color={color === 'accent' ? undefined : color}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
