import { Box, Grid } from '@radix-ui/themes'
import { FormField } from '../form/FormField'
import { RefusableField } from './RefusableField'
import type { Refusal } from './refusal'

/** One text input of a create form, as it is labelled. */
export type CreateTextField<TName extends string> = {
  name: TName
  label: string
  type?: 'text' | 'email' | 'tel' | 'url'
  /** A word in the empty input: 'Optional'. */
  placeholder?: string
  /** A line under the input saying what goes there (hidden while the field shows its error). */
  hint?: string
}

type Props<TName extends string> = {
  fields: readonly CreateTextField<TName>[]
  values: Record<TName, string>
  /** The rules' verdicts, by field. */
  errors: Partial<Record<TName, string>>
  refusal: Refusal<TName> | null
  /** While the chart creates: the inputs are read-only. */
  busy: boolean
  onEdit: (name: TName, value: string) => void
  /** A field was left (the phone then takes its display form). */
  onLeave?: (name: TName) => void
}

/**
 * A create form's text inputs (New Service, Add User), two columns from sm: the first one has the
 * focus, the browser fills none, and what the server refused shows under the field it is about.
 */
export function CreateTextFields<TName extends string>({
  fields,
  values,
  errors,
  refusal,
  busy,
  onEdit,
  onLeave,
}: Props<TName>) {
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="3">
      {fields.map((field, index) => {
        const input = (
          <FormField
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete="off"
            autoFocus={index === 0}
            readOnly={busy}
            placeholder={field.placeholder}
            hint={field.hint}
            value={values[field.name]}
            error={errors[field.name]}
            onValueChange={(value) => onEdit(field.name, value)}
          />
        )
        return (
          <RefusableField key={field.name} name={field.name} refusal={refusal}>
            {onLeave ? <Box onBlur={() => onLeave(field.name)}>{input}</Box> : input}
          </RefusableField>
        )
      })}
    </Grid>
  )
}
