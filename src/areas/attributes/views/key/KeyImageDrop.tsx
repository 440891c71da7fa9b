import { ImageIcon } from '@radix-ui/react-icons'
import { Box, Flex, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { useDropzone } from 'react-dropzone'
import { dropErrorText } from '../../../../kit/views/upload/dropErrors'

type Props = {
  canDrop: boolean
  onDrop: (file: File) => void
  /** SPEC.md §8 'File-drop errors' text for what the zone refused. */
  onRejected: (message: string) => void
}

/**
 * The key image's drop zone, as one compact row (issue 30, review item 4): the same words and the
 * same button as the kit's ImageDropZone, without its tall box above the form's config. The file
 * is uploaded with the key, on Save, so there is no progress here.
 */
export function KeyImageDrop({ canDrop, onDrop, onRejected }: Props) {
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
  return (
    <Box
      {...getRootProps({ role: 'button', 'aria-describedby': hintId })}
      aria-disabled={!canDrop || undefined}
      px="4"
      py="3"
      style={{
        minHeight: 72,
        display: 'flex',
        alignItems: 'center',
        border: `2px dashed var(${isDragActive ? '--accent-8' : '--gray-7'})`,
        borderRadius: 'var(--radius-3)',
        background: isDragActive ? 'var(--accent-a3)' : 'var(--gray-a2)',
        cursor: canDrop ? 'pointer' : 'default',
      }}
    >
      {/* Out of the accessibility tree (display: none): a focusable control inside role=button is
          nested-interactive (axe). The zone opens it by click. */}
      <input {...getInputProps({ style: { display: 'none' } })} aria-label="Attribute image file" />
      <Flex align="center" gap="3">
        <ImageIcon width={24} height={24} color="var(--gray-10)" aria-hidden />
        <Flex direction="column">
          <Text size="2" weight="medium">
            Drop Image File Here
          </Text>{' '}
          <Text id={hintId} size="1" color="gray">
            or press here to choose one image file
          </Text>
        </Flex>
      </Flex>
    </Box>
  )
}
