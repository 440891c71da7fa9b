import { TrashIcon } from '@radix-ui/react-icons'
import { Flex, IconButton, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { conditionSummary, splitValues } from '../../../../../schema/attribute-rules'
import type { LeafContext } from '../../machines/conditional.machine'
import type { ConditionalActor, ConditionalSnapshot } from '../../machines/conditional.machine'

/** The conditions Remove is on for now (none while a save or a removal runs). */
const selectRemovable = (s: ConditionalSnapshot) =>
  (s.context.leaf?.conditions ?? [])
    .filter((c) => s.can({ type: 'conditional.remove', id: c.id }))
    .map((c) => c.id)
    .join(' ')
const selectRemoving = (s: ConditionalSnapshot) => s.context.removingId

const nameOf = (key: { name: string } | undefined) => key?.name.trim() || 'Untitled'

/** The leaf's conditions as they stand, each with Remove. */
export function ExistingConditions({
  actor,
  leaf,
}: {
  actor: ConditionalActor
  leaf: LeafContext
}) {
  const removable = useSelector(actor, selectRemovable).split(' ')
  const removing = useSelector(actor, selectRemoving)
  if (leaf.conditions.length === 0) return null
  const keyName = nameOf(leaf.leaf?.key)
  return (
    <Flex direction="column" gap="2" asChild>
      <section aria-labelledby="existing-conditions">
        <Text id="existing-conditions" size="2" weight="medium">
          Existing conditions
        </Text>
        <Flex asChild direction="column" gap="1">
          <ul aria-label="Existing conditions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {leaf.conditions.map((condition) => {
              const target = leaf.siblings.find(
                (link) => link.id === condition.conditionalAssociationId,
              )
              const summary = conditionSummary(
                keyName,
                splitValues(condition.value),
                nameOf(target?.key),
              )
              return (
                <Flex asChild key={condition.id} gap="2" align="center" justify="between">
                  <li>
                    <Text size="2">{summary}</Text>
                    <IconButton
                      type="button"
                      size="1"
                      variant="soft"
                      color="red"
                      loading={removing === condition.id}
                      disabled={!removable.includes(condition.id)}
                      aria-label={`Remove condition: ${summary}`}
                      onClick={() => actor.send({ type: 'conditional.remove', id: condition.id })}
                    >
                      <TrashIcon />
                    </IconButton>
                  </li>
                </Flex>
              )
            })}
          </ul>
        </Flex>
      </section>
    </Flex>
  )
}
