import type { FileRejection } from 'react-dropzone'

/**
 * SPEC.md §8 'File-drop errors' for what the drop zone refused: 'Too many files' when more than one
 * file came, otherwise the first file's reason ('File type must be ...', 'File is larger than ...').
 */
export function dropErrorText(rejections: readonly FileRejection[]): string {
  const errors = rejections.flatMap((rejection) => rejection.errors)
  const tooMany = errors.find((error) => error.code === 'too-many-files')
  return (tooMany ?? errors[0])?.message ?? 'Too many files'
}
