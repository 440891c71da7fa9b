import { EyeClosedIcon, EyeOpenIcon } from '../icons/firstLoadIcons'
import { IconButton } from '@radix-ui/themes'
import { useState, type ComponentProps } from 'react'
import { FormField } from './FormField'

type Props = Omit<ComponentProps<typeof FormField>, 'type' | 'endSlot'>

/** A password input with a show/hide toggle. Visibility is this field's own business, not the flow's. */
export function PasswordField({ label, ...field }: Props) {
  const [visible, setVisible] = useState(false)
  return (
    <FormField
      {...field}
      label={label}
      type={visible ? 'text' : 'password'}
      endSlot={
        <IconButton
          type="button"
          variant="ghost"
          color="gray"
          aria-label={visible ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
        </IconButton>
      }
    />
  )
}
