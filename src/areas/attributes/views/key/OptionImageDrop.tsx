import { Cross2Icon, ImageIcon } from '@radix-ui/react-icons'
import { Box, Flex, IconButton, Text } from '@radix-ui/themes'
import { useDropzone } from 'react-dropzone'
import { AttributeImage } from '../preview/AttributeImage'
import { ATTRIBUTE_SIZES } from '../preview/sizes'
import { dropErrorText } from '../../../../kit/views/upload/dropErrors'
import { fileUrl } from './fileUrl'

type Props = {
  /** The option's name for the labels: 'Red'. */
  name: string
  path: string | null
  file: File | null
  disabled: boolean
  onChoose: (file: File) => void
  onRemove: () => void
  onRejected: (message: string) => void
}

/**
 * An option's image in the editor (at most 140x48 px, SPEC.md §9): the image with Remove, or a
 * small zone to drop or choose one file.
 */
export function OptionImageDrop({
  name,
  path,
  file,
  disabled,
  onChoose,
  onRemove,
  onRejected,
}: Props) {
  const { width, height } = ATTRIBUTE_SIZES.editorOptionImage
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    disabled,
    onDrop: (accepted, rejections) => {
      const chosen = accepted[0]
      if (rejections.length > 0) onRejected(dropErrorText(rejections))
      else if (chosen) onChoose(chosen)
    },
  })
  if (file || path)
    return (
      <Flex gap="1" align="center" style={{ minWidth: width }}>
        <AttributeImage
          path={path}
          src={fileUrl(file)}
          alt={`${name} image`}
          maxWidth={width}
          maxHeight={height}
        />
        {file && !fileUrl(file) && (
          <Text size="1" color="gray">
            {file.name}
          </Text>
        )}
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          disabled={disabled}
          aria-label={`Remove image of ${name}`}
          onClick={onRemove}
        >
          <Cross2Icon />
        </IconButton>
      </Flex>
    )
  return (
    <Box
      {...getRootProps({
        role: 'button',
        'aria-label': `Image for ${name}: drop or choose a file`,
      })}
      aria-disabled={disabled || undefined}
      style={{
        width: '100%',
        maxWidth: width,
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        border: `1px dashed var(${isDragActive ? '--accent-8' : '--gray-7'})`,
        borderRadius: 'var(--radius-2)',
        background: isDragActive ? 'var(--accent-a3)' : 'var(--gray-a2)',
        cursor: disabled ? 'default' : 'pointer',
      }}
    >
      <input {...getInputProps({ style: { display: 'none' } })} aria-label={`${name} image file`} />
      <ImageIcon aria-hidden color="var(--gray-10)" />
      <Text size="1" color="gray">
        Image
      </Text>
    </Box>
  )
}
