import { Button } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = { busy: boolean; canSubmit: boolean; children: ReactNode }

/** A full form's large submit button: it spins while busy and waits for what the chart allows. */
export function SubmitButton({ busy, canSubmit, children }: Props) {
  return (
    <Button type="submit" size="3" loading={busy} disabled={!canSubmit}>
      {children}
    </Button>
  )
}
