import { Flex, RadioGroup, ScrollArea, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import {
  isGroupAction,
  type UserBulkActor,
  type UserBulkSnapshot,
} from '../machines/userBulk.machine'
import { BULK_LABEL, bulkTitle } from '../machines/userBulk.messages'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { Reading } from '../../../kit/views/page/ReadStatus'

const number = new Intl.NumberFormat('en-US')

const selectProgress = (s: UserBulkSnapshot) => ({
  action: s.context.action,
  total: s.context.ids.length,
  sent: s.context.sent,
})
const CONFIRM = { type: 'bulk.confirm' } as const
const CANCEL = { type: 'bulk.cancel' } as const

const working = (sent: number, total: number) =>
  `Working… ${number.format(sent)} of ${number.format(total)} sent.`

/**
 * The bulk action's confirmation: names the action and the count, then shows the progress. A
 * group action asks which group in a dialog of its own.
 */
export function BulkDialog({ bulk }: { bulk: UserBulkActor }) {
  const { action, total, sent } = useSelector(bulk, selectProgress, shallowEqual)
  const dialog = useConfirm(bulk, CONFIRM, CANCEL)
  if (!action) return null
  if (isGroupAction(action)) return <GroupDialog bulk={bulk} />
  const text = dialog.busy
    ? working(sent, total)
    : 'Users the server refuses (your own account, the last administrator) are left as they are.'
  return (
    <ConfirmDialog
      title={bulkTitle(action, total)}
      text={text}
      action={BULK_LABEL[action]}
      color={action === 'lock' || action === 'disable' ? 'red' : undefined}
      {...dialog}
    />
  )
}

const selectGroupDialog = (s: UserBulkSnapshot) => ({
  open: s.hasTag('open'),
  busy: s.hasTag('busy'),
  error: s.hasTag('error') ? s.context.error : null,
  groups: s.context.groups,
  groupId: s.context.groupId,
  canPick: s.can({ type: 'bulk.pickGroup', groupId: '' }),
  canConfirm: s.can(CONFIRM),
  canCancel: s.can(CANCEL),
})

const members = (n: number) => `${number.format(n)} ${n === 1 ? 'member' : 'members'}`

/** 'Add 2 users to a group': the groups to choose from, then the progress. */
function GroupDialog({ bulk }: { bulk: UserBulkActor }) {
  const { action, total, sent } = useSelector(bulk, selectProgress, shallowEqual)
  const { open, busy, error, groups, groupId, canPick, canConfirm, canCancel } = useSelector(
    bulk,
    selectGroupDialog,
    shallowEqual,
  )
  const label = useId()
  if (!action) return null
  const adding = action === 'add-to-group'
  return (
    <DialogFrame
      open={open}
      onClose={() => bulk.send(CANCEL)}
      canClose={canCancel}
      returnFocus
      title={bulkTitle(action, total)}
      description={
        adding
          ? 'Choose the group. Users who are members already, or outside your groups, are left as they are.'
          : 'Choose the group. Users who are not members, or outside your groups, are left as they are.'
      }
      maxWidth={{ initial: '100%', xs: '480px' }}
    >
      <Flex direction="column" gap="3">
        {groups === null && busy && <Reading message="Loading groups…" />}
        {groups && groups.length === 0 && (
          <Text as="p" size="2" color="gray">
            There are no groups yet. Create one on the Groups screen.
          </Text>
        )}
        {groups && groups.length > 0 && (
          <Flex direction="column" gap="2">
            <Text id={label} size="2" weight="medium">
              Group
            </Text>
            <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 240 }}>
              <RadioGroup.Root
                aria-labelledby={label}
                value={groupId ?? ''}
                disabled={!canPick}
                onValueChange={(id) => bulk.send({ type: 'bulk.pickGroup', groupId: id })}
              >
                {groups.map((group) => (
                  <RadioGroup.Item key={group.id} value={group.id}>
                    <Flex gap="2" wrap="wrap">
                      <Text>{group.name}</Text>
                      <Text color="gray">{members(group.members)}</Text>
                    </Flex>
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </ScrollArea>
          </Flex>
        )}
        {busy && groups !== null && (
          <Text as="p" size="2" aria-live="polite">
            {working(sent, total)}
          </Text>
        )}
        {error && <ErrorCallout message={error} />}
        <DialogActions
          canCancel={canCancel}
          onCancel={() => bulk.send(CANCEL)}
          confirmLabel={groups === null && !busy ? 'Try again' : BULK_LABEL[action]}
          canConfirm={canConfirm}
          busy={busy}
          onConfirm={() => bulk.send(CONFIRM)}
        />
      </Flex>
    </DialogFrame>
  )
}
