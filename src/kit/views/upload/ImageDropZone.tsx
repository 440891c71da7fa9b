import { ImageIcon } from '@radix-ui/react-icons'
import { Box, Flex, Progress, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { useDropzone } from 'react-dropzone'
import { dropErrorText } from './dropErrors'

type Props = {
  /** What the zone says: 'Drop Image File Here', 'Drop Logo File Here'. */
  title: string
  /** What the file is, for the hidden input and the progress bar: 'Visage', 'Logo'. */
  what: string
  busy: boolean
  /** Whether a file may be dropped now (the owning statechart's `can()`). */
  canDrop: boolean
  onDrop: (file: File) => void
  /** SPEC.md §8 'File-drop errors' text for what the zone refused. */
  onRejected: (message: string) => void
  /**
   * One low row (icon beside the words) instead of the tall centred box: for a zone inside a form,
   * such as the AttributeKey dialog's image (issue 30, review item 4).
   */
  compact?: boolean
}

/**
 * One image file, dropped or chosen (SPEC.md §5 'Image upload': one file at a time). The zone is a
 * button for the keyboard and screen readers; the upload itself belongs to the owner's statechart.
 */
export function ImageDropZone({
  title,
  what,
  busy,
  canDrop,
  onDrop,
  onRejected,
  compact = false,
}: Props) {
  const hintId = useId()
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    disabled: !canDrop,
    onDrop: (accepted, rejections) => {
      const file = accepted[0]
      if (rejections.length > 0) onRejected(dropErrorText(rejections))
      else if (file) onDrop(file)
    },
  })
  const hint = busy ? 'Uploading…' : 'or press here to choose one image file'
  return (
    <Box
      {...getRootProps({ role: 'button', 'aria-describedby': hintId })}
      aria-busy={busy || undefined}
      aria-disabled={!canDrop || undefined}
      p={compact ? undefined : '5'}
      px={compact ? '4' : undefined}
      py={compact ? '3' : undefined}
      style={{
        ...(compact ? { minHeight: 72, display: 'flex', alignItems: 'center' } : {}),
        border: `2px dashed var(${isDragActive ? '--accent-8' : '--gray-7'})`,
        borderRadius: 'var(--radius-3)',
        background: isDragActive ? 'var(--accent-a3)' : 'var(--gray-a2)',
        cursor: canDrop ? 'pointer' : 'progress',
      }}
    >
      {/* Out of the accessibility tree (display: none): a focusable control inside role=button is
          nested-interactive (axe), even with tabindex -1. The zone opens it by click. */}
      <input {...getInputProps({ style: { display: 'none' } })} aria-label={`${what} image file`} />
      {compact ? (
        <Flex align="center" gap="3">
          <ImageIcon width={24} height={24} color="var(--gray-10)" aria-hidden />
          <Flex direction="column">
            <Text size="2" weight="medium">
              {title}
            </Text>{' '}
            <Text id={hintId} size="1" color="gray">
              {hint}
            </Text>
          </Flex>
        </Flex>
      ) : (
        <Flex direction="column" align="center" gap="2">
          <ImageIcon width={28} height={28} color="var(--gray-10)" aria-hidden />
          <Text weight="medium">{title}</Text>
          <Text id={hintId} size="1" color="gray" align="center">
            {hint}
          </Text>
          {busy && (
            <Box width="100%" maxWidth="240px">
              <Progress aria-label={`Uploading ${what.toLowerCase()}`} />
            </Box>
          )}
        </Flex>
      )}
    </Box>
  )
}
