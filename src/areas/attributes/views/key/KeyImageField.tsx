import { TrashIcon } from '@radix-ui/react-icons'
import { Button, Flex, Text } from '@radix-ui/themes'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import { AttributeImage } from '../preview/AttributeImage'
import { ATTRIBUTE_SIZES } from '../preview/sizes'
import { fileUrl } from './fileUrl'
import { ImageDropZone } from '../../../../kit/views/upload/ImageDropZone'
import { TitledSection } from '../../../../kit/views/section/TitledSection'

type Props = {
  actor: AttributeKeyActor
  path: string | null
  file: File | null
  disabled: boolean
}

/**
 * The key's optional image: one file dropped or chosen, shown at most 200x125 px (SPEC.md §9)
 * with Remove Image. It is uploaded when the key is saved.
 */
export function KeyImageField({ actor, path, file, disabled }: Props) {
  const { width, height } = ATTRIBUTE_SIZES.editorImage
  return (
    <TitledSection title="Image" titleStyle={{ as: 'div', weight: 'medium' }} gap="2">
      {file || path ? (
        <Flex gap="3" align="center" wrap="wrap">
          <AttributeImage
            path={path}
            src={fileUrl(file)}
            alt="Attribute image"
            maxWidth={width}
            maxHeight={height}
          />
          {file && (
            <Text size="1" color="gray">
              {file.name} (uploaded on Save)
            </Text>
          )}
          <Button
            type="button"
            variant="soft"
            color="red"
            disabled={disabled}
            onClick={() => actor.send({ type: 'key.removeImage' })}
          >
            <TrashIcon /> Remove Image
          </Button>
        </Flex>
      ) : (
        <ImageDropZone
          title="Drop Image File Here"
          what="Attribute"
          busy={false}
          compact
          canDrop={!disabled}
          onDrop={(chosen) => actor.send({ type: 'key.chooseImage', file: chosen })}
          onRejected={(message) => actor.send({ type: 'key.imageRejected', message })}
        />
      )}
    </TitledSection>
  )
}
