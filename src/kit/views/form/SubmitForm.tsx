import { Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = {
  /** The statechart's submit event, sent instead of the browser's submission. */
  onSubmit: () => void
  /** The form's accessible name, when the page has several. */
  label?: string
  id?: string
  /** The column's gap; null for a form that lays out its own children. */
  gap?: '3' | '4' | null
  children: ReactNode
}

/**
 * A form whose fields a statechart checks (`noValidate`): Enter or the submit button sends its
 * event; the fields stack in a column.
 */
export function SubmitForm({ onSubmit, label, id, gap = '4', children }: Props) {
  return (
    <form
      id={id}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {gap === null ? (
        children
      ) : (
        <Flex direction="column" gap={gap}>
          {children}
        </Flex>
      )}
    </form>
  )
}
