import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { BulkActions, type BulkAction } from '../../../../schema/users'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import { useAccess } from '../../../kit/views/guard/useAccess'
import type {
  GroupAction,
  UserBulkAction,
  UserBulkActor,
  UserBulkSnapshot,
} from '../machines/userBulk.machine'
import { BULK_LABEL } from '../machines/userBulk.messages'
import type { UserSelectionActor, UserSelectionSnapshot } from '../machines/userSelection.machine'

const number = new Intl.NumberFormat('en-US')

const selectSelection = (s: UserSelectionSnapshot) => ({
  count: s.hasTag('selected') ? s.context.count : 0,
  busy: s.hasTag('busy'),
  canAll: s.can({ type: 'selection.selectAll' }),
  canClear: s.can({ type: 'selection.clear' }),
})
const selectMatching = (s: ListSnapshot) => s.context.count
const selectCanChoose = (s: UserBulkSnapshot) =>
  s.can({ type: 'bulk.choose', action: 'lock', ids: [] })

/** The order the bar offers the actions in (the UI contract). */
const ORDER: BulkAction[] = [
  'lock',
  'unlock',
  'revoke-sessions',
  'require-password-change',
  'disable',
  'enable',
]

/** Group membership, for those with users.access. */
const GROUP_ORDER: GroupAction[] = ['add-to-group', 'remove-from-group']

type Props = { list: ListActor; selection: UserSelectionActor; bulk: UserBulkActor }

/**
 * Once a row is checked: how many, select every matching user, clear, and the bulk actions (with
 * users.access, adding to a group and removing from one too).
 */
export function SelectionBar({ list, selection, bulk }: Props) {
  const { count, busy, canAll, canClear } = useSelector(selection, selectSelection, shallowEqual)
  const matching = useSelector(list, selectMatching)
  const canChoose = useSelector(bulk, selectCanChoose)
  const canGroup = useAccess({ permission: 'users.access' })
  if (count === 0) return null
  const choose = (action: UserBulkAction) =>
    bulk.send({
      type: 'bulk.choose',
      action,
      ids: Object.keys(selection.getSnapshot().context.selected),
    })
  return (
    <Flex
      role="region"
      aria-label="Selection"
      align="center"
      gap="2"
      wrap="wrap"
      p="2"
      flexShrink="0"
      style={{ background: 'var(--accent-a3)', borderRadius: 'var(--radius-3)' }}
    >
      <Text size="2" weight="medium" aria-live="polite">
        {number.format(count)} selected
      </Text>
      {
        <Button
          size="1"
          variant="ghost"
          loading={busy}
          disabled={!canAll}
          onClick={() => selection.send({ type: 'selection.selectAll' })}
        >
          Select all {number.format(matching)} matching
        </Button>
      }
      <Button
        size="1"
        variant="ghost"
        color="gray"
        disabled={!canClear}
        onClick={() => selection.send({ type: 'selection.clear' })}
      >
        Clear selection
      </Button>
      <Flex gap="2" wrap="wrap" ml="auto">
        {ORDER.filter((action) => BulkActions.includes(action)).map((action) => (
          <Button
            key={action}
            size="1"
            variant="soft"
            color={action === 'lock' || action === 'disable' ? 'red' : undefined}
            // On the bar's accent tint the soft red's text falls short of AA (axe 4.14).
            highContrast
            disabled={!canChoose || busy}
            onClick={() => choose(action)}
          >
            {BULK_LABEL[action]}
          </Button>
        ))}
        {canGroup &&
          GROUP_ORDER.map((action) => (
            <Button
              key={action}
              size="1"
              variant="soft"
              highContrast
              disabled={!canChoose || busy}
              onClick={() => choose(action)}
            >
              {BULK_LABEL[action]}
            </Button>
          ))}
      </Flex>
    </Flex>
  )
}
