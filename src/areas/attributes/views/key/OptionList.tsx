import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { PlusIcon } from '@radix-ui/react-icons'
import { Box, Button, Flex, Grid, Text } from '@radix-ui/themes'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { DraftErrors, OptionDraft } from '../../machines/attributeKey.draft'
import { useDragSensors } from '../useDragSensors'
import { TitledSection } from '../../../../kit/views/section/TitledSection'
import { OPTION_COLUMNS, OptionRow } from './OptionRow'

type Props = {
  actor: AttributeKeyActor
  /** Live options in order. */
  options: OptionDraft[]
  fixed: boolean
  disabled: boolean
  errors: DraftErrors
  onRejected: (message: string) => void
}

/**
 * The discrete option list (SPEC.md §4): label, value and image per option; add, delete, and
 * reorder by dragging or by the Move up/down buttons. The statechart renumbers sortOrder from 0.
 */
export function OptionList({ actor, options, fixed, disabled, errors, onRejected }: Props) {
  const sensors = useDragSensors()
  const ids = options.map((option) => option.id)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from >= 0 && to >= 0) actor.send({ type: 'option.move', from, to })
  }
  return (
    <TitledSection title="Options" titleStyle={{ as: 'div', weight: 'bold' }} gap="2">
      {options.length > 0 && (
        // The columns' names, over the rows' fields (each field is named after its column too).
        <Grid columns={OPTION_COLUMNS} gap="2" px="2" aria-hidden>
          <Box />
          <Text size="1" weight="medium" color="gray">
            Option label
          </Text>
          <Text size="1" weight="medium" color="gray">
            Value
          </Text>
        </Grid>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Flex asChild direction="column" gap="2">
            <ul aria-label="Options" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {options.map((option, index) => (
                <OptionRow
                  key={option.id}
                  actor={actor}
                  option={option}
                  index={index}
                  count={options.length}
                  fixed={fixed}
                  disabled={disabled}
                  errors={errors.options[option.id]}
                  onRejected={onRejected}
                />
              ))}
            </ul>
          </Flex>
        </SortableContext>
      </DndContext>
      {errors.optionList && (
        <Text size="1" color="red">
          {errors.optionList}
        </Text>
      )}
      {!fixed && (
        <Button
          type="button"
          variant="soft"
          disabled={disabled}
          onClick={() => actor.send({ type: 'option.add' })}
          style={{ alignSelf: 'start' }}
        >
          <PlusIcon /> Add Option
        </Button>
      )}
    </TitledSection>
  )
}
