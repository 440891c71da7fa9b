import type { AttributeType, ControlType } from '../../../../schema/attributes'

/** How the dialog names the selectable types (SPEC.md §3: only these four can be chosen). */
export const TYPE_LABELS: Partial<Record<AttributeType, string>> = {
  BOOLEAN: 'Boolean',
  DECIMAL: 'Decimal',
  INTEGER: 'Integer',
  STRING: 'String',
}

export const CONTROL_TYPE_LABELS: Record<ControlType, string> = {
  INPUT: 'Input',
  RADIO: 'Radio',
  SELECT: 'Select',
  AUTOCOMPLETE: 'Autocomplete',
  AUTOCOMPLETE_MULTI: 'Autocomplete Multi',
  CHECKBOX: 'Checkbox',
  CHECKBOX_MULTI: 'Checkbox Multi',
  CHECKBOX_MULTI_DROPDOWN: 'Checkbox Multi Dropdown',
  TOGGLE_BUTTON: 'Toggle Button',
  SLIDER: 'Slider',
  SWITCH: 'Switch',
}
