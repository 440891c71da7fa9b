import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { Box, Checkbox, Flex, Spinner, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import type { AddMembersActor, AddMembersSnapshot } from '../machines/addMembers.machine'
import { usersText } from '../machines/groups.messages'
import { selectPicker } from '../machines/groups.selectors'

const selectOpen = (s: AddMembersSnapshot) => s.hasTag('open')

/**
 * 'Add members': a search of the console's users by name or email, each match with a checkbox;
 * the users ticked so far stay listed under it, and Add puts them in the group.
 */
export function AddMembersDialog({
  actor,
  groupName,
}: {
  actor: AddMembersActor
  groupName: string
}) {
  const open = useSelector(actor, selectOpen)
  const view = useSelector(actor, selectPicker, shallowEqual)
  const chosenIds = new Set(view.chosen.map((match) => match.id))
  const offered = [
    ...view.matches,
    ...view.chosen.filter((m) => !view.matches.some((x) => x.id === m.id)),
  ]
  return (
    <DialogFrame
      open={open}
      onClose={() => actor.send({ type: 'addMembers.cancel' })}
      canClose={view.canCancel}
      returnFocus
      title={`Add members to ${groupName}`}
      description="Search the users by name or email and tick the ones to add."
      maxWidth={{ initial: '100%', xs: '520px' }}
    >
      <Flex direction="column" gap="3">
        <TextField.Root
          type="search"
          size="3"
          aria-label="Search users"
          placeholder="Type a name or an email"
          autoFocus
          value={view.text}
          readOnly={!view.canType}
          onChange={(event) => actor.send({ type: 'addMembers.type', text: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault()
          }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
          {view.searching && (
            <TextField.Slot side="right">
              <Spinner aria-label="Searching" />
            </TextField.Slot>
          )}
        </TextField.Root>
        {view.typed && !view.searching && !view.error && view.matches.length === 0 && (
          <Text size="2" color="gray">
            No users match.
          </Text>
        )}
        {offered.length > 0 && (
          <Box asChild m="0" p="0">
            <ul aria-label="Users found" className="group-list">
              {offered.map((match) => (
                <li key={match.id}>
                  <Text as="label" size="2">
                    <Flex gap="2" align="center" py="1">
                      <Checkbox
                        checked={chosenIds.has(match.id)}
                        disabled={view.busy}
                        onCheckedChange={() => actor.send({ type: 'addMembers.toggle', match })}
                      />
                      <Text weight="medium">{match.name}</Text>
                      <Text color="gray" truncate>
                        {match.detail}
                      </Text>
                    </Flex>
                  </Text>
                </li>
              ))}
            </ul>
          </Box>
        )}
        {view.more > 0 && (
          <Text size="1" color="gray">
            {view.more.toLocaleString('en-US')} more: keep typing to narrow.
          </Text>
        )}
        <Text size="2" aria-live="polite">
          {view.chosen.length === 0
            ? 'Nobody ticked yet.'
            : `${usersText(view.chosen.length)} to add.`}
        </Text>
        {view.error && <ErrorCallout message={view.error} />}
        <DialogActions
          canCancel={view.canCancel}
          onCancel={() => actor.send({ type: 'addMembers.cancel' })}
          confirmLabel="Add"
          canConfirm={view.canAdd}
          busy={view.busy}
          onConfirm={() => actor.send({ type: 'addMembers.add' })}
        />
      </Flex>
    </DialogFrame>
  )
}
