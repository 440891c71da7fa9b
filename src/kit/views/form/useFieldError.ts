import { useEffect, useId, useState, type ChangeEvent } from 'react'

/** SPEC.md §5: errors appear this long after the value settles, so typing is not interrupted. */
export const ERROR_DELAY_MS = 250

/**
 * Validation on touch: a field's error shows only after the field was left once (blur), and then
 * 250 ms after each change. With `onChange` (SPEC.md §5 'validated on change', the forgot-password
 * email) the first change counts as the touch. A cleared error disappears at once. Every form uses
 * this one hook.
 */
export function useFieldError(
  error: string | undefined,
  { onChange: validateOnChange = false }: { onChange?: boolean } = {},
): {
  error: string | undefined
  onBlur: () => void
  onChange: () => void
} {
  const [touched, setTouched] = useState(false)
  const [settled, setSettled] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!touched) return
    const timer = setTimeout(() => setSettled(error), ERROR_DELAY_MS)
    return () => clearTimeout(timer)
  }, [touched, error])
  const shown = touched && error !== undefined && settled === error ? error : undefined
  return {
    error: shown,
    onBlur: () => setTouched(true),
    onChange: () => {
      if (validateOnChange) setTouched(true)
    },
  }
}

/**
 * A labelled control's wiring to its rule (FormField, the editor's text area): the id its label
 * names, and the props the control takes so that its verdict shows after touch, is marked invalid
 * and is read out with it (`messageId`).
 */
export function useFieldControl(
  error: string | undefined,
  onValueChange: (value: string) => void,
  options?: { onChange?: boolean },
) {
  const id = useId()
  const field = useFieldError(error, options)
  const messageId = `${id}-error`
  return {
    id,
    messageId,
    error: field.error,
    control: {
      id,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        field.onChange()
        onValueChange(event.target.value)
      },
      onBlur: field.onBlur,
      'aria-invalid': field.error ? true : undefined,
      'aria-describedby': field.error ? messageId : undefined,
      color: field.error ? ('red' as const) : undefined,
    },
  }
}
