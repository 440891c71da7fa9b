/** SPEC.md §9 'Attribute sizes', in px. */
export const ATTRIBUTE_SIZES = {
  /** The key's image in a preview. */
  mainImage: { width: 300, height: 250 },
  /** An option's image in a preview. */
  optionImage: { width: 150, height: 125 },
  /** An option's image in the editor's option list. */
  editorOptionImage: { width: 140, height: 48 },
  /** The key's image in the editor. */
  editorImage: { width: 200, height: 125 },
  /** The checkbox multi dropdown. */
  dropdownWidth: 500,
  /** Numeric inputs. */
  numberWidth: '10rem',
  /** The dialog's form column. */
  formColumn: 600,
} as const
