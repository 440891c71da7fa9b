import { Box, CheckboxGroup, Flex, Select, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import { conditionSummary, laterSiblings, parseConfig } from '../../../../../schema/attribute-rules'
import type { ConditionalActor, ConditionalSnapshot } from '../../machines/conditional.machine'
import { choicesOf } from '../preview/previewOptions'
import { ExistingConditions } from './ExistingConditions'

const selectView = (s: ConditionalSnapshot) => ({
  leaf: s.context.leaf,
  values: s.context.values,
  chosen: s.context.targetId,
  busy: s.hasTag('busy'),
  associationId: s.context.associationId,
})

/** A key's name as the dialog shows it. */
export const nameOf = (key: { name: string } | undefined) => key?.name.trim() || 'Untitled'

/** Values (options, booleans or generated numbers), Affected Branch/Leaf and the summary. */
export function ConditionForm({ actor }: { actor: ConditionalActor }) {
  const valuesId = useId()
  const targetId = useId()
  const { leaf, values, chosen, busy, associationId } = useSelector(actor, selectView, shallowEqual)
  const key = leaf?.leaf?.key
  if (!leaf || !key) return null
  const choices = choicesOf(key.type, parseConfig(key.config), leaf.options)
  const later = laterSiblings(leaf.siblings, associationId)
  const target = later.find((link) => link.id === chosen)
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="2">
        <Text id={valuesId} size="2" weight="medium">
          Values of {nameOf(key)}
        </Text>
        {choices.length === 0 ? (
          <Text size="2" color="gray">
            This leaf has no values to choose from (a freeform question).
          </Text>
        ) : (
          <Box
            style={{
              maxHeight: 220,
              overflowY: 'auto',
              padding: 'var(--space-2)',
              border: '1px solid var(--gray-a5)',
              borderRadius: 'var(--radius-3)',
            }}
          >
            <CheckboxGroup.Root
              aria-labelledby={valuesId}
              value={values}
              disabled={busy}
              onValueChange={(next) =>
                actor.send({
                  type: 'conditional.chooseValues',
                  // In the key's own order, whatever order they were ticked in.
                  values: choices.map((c) => c.value).filter((v) => next.includes(v)),
                })
              }
            >
              {choices.map((choice) => (
                <CheckboxGroup.Item key={choice.key} value={choice.value}>
                  {choice.label}
                  {choice.label !== choice.value && <Text color="gray"> ({choice.value})</Text>}
                </CheckboxGroup.Item>
              ))}
            </CheckboxGroup.Root>
          </Box>
        )}
      </Flex>
      <Flex direction="column" gap="1" align="start">
        <Text id={targetId} size="2" weight="medium">
          Affected Branch/Leaf
        </Text>
        {later.length === 0 ? (
          <Text size="2" color="gray">
            There is nothing after this leaf to include.
          </Text>
        ) : (
          <Select.Root
            value={chosen ?? ''}
            disabled={busy}
            onValueChange={(id) => actor.send({ type: 'conditional.chooseTarget', id })}
          >
            <Select.Trigger
              aria-labelledby={targetId}
              placeholder="Choose a branch or leaf"
              style={{ minWidth: '16rem' }}
            />
            <Select.Content position="popper">
              {later.map((link) => (
                <Select.Item key={link.id} value={link.id}>
                  {nameOf(link.key)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        )}
      </Flex>
      <Text as="p" size="2" aria-live="polite" data-testid="condition-summary">
        {conditionSummary(
          nameOf(key),
          values.length ? values : ['…'],
          target ? nameOf(target.key) : '…',
        )}
      </Text>
      <ExistingConditions actor={actor} leaf={leaf} />
    </Flex>
  )
}
