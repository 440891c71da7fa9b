import { Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons'
import { Badge, Box, Button, Card, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { Group } from '../../../../schema/access'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { HeadedSection } from '../../../kit/views/section/CardSection'
import type { GroupDeleteActor } from '../machines/groupDelete.machine'
import type { GroupFormActor } from '../machines/groupForm.machine'
import type { GroupMembersActor } from '../machines/groupMembers.machine'
import { membersText } from '../machines/groups.messages'
import { selectAdder, selectMembersView } from '../machines/groups.selectors'
import { AddMembersDialog } from './AddMembersDialog'

/** What the person may do here besides reading. */
export type GroupsCan = { manage: boolean; members: boolean }

type Props = {
  group: Group
  members: GroupMembersActor
  form: GroupFormActor
  remover: GroupDeleteActor
  can: GroupsCan
}

const fullName = (m: { nameFirst: string; nameLast: string; email: string }) =>
  `${m.nameFirst} ${m.nameLast}`.trim() || m.email

/** Beside the list before a group is picked (from md). */
export function NoGroupChosen() {
  return (
    <Card size={{ initial: '2', sm: '3' }} style={{ flexGrow: 1 }}>
      <Text as="p" size="2" color="gray">
        Choose a group to see its members.
      </Text>
    </Card>
  )
}

/** The selected group: its name and description, Edit and Delete, and its members. */
export function MembersPanel({ group, members, form, remover, can }: Props) {
  const view = useSelector(members, selectMembersView, shallowEqual)
  const adder = useSelector(members, selectAdder)
  return (
    <Card size={{ initial: '2', sm: '3' }} style={{ flexGrow: 1, width: '100%', minWidth: 0 }}>
      <HeadedSection title={group.name}>
        <Flex gap="2" align="center" wrap="wrap">
          <Text as="p" size="2" color="gray">
            {group.description || 'No description.'}
          </Text>
          <Badge color="gray" variant="soft">
            {membersText(group.members)}
          </Badge>
        </Flex>
        {(can.manage || can.members) && (
          <Flex gap="2" wrap="wrap">
            {can.members && (
              <Button onClick={() => adder.send({ type: 'addMembers.open' })}>
                <PlusIcon /> Add members
              </Button>
            )}
            {can.manage && (
              <Button variant="soft" onClick={() => form.send({ type: 'groupForm.change', group })}>
                <Pencil1Icon /> Edit
              </Button>
            )}
            {can.manage && (
              <Button
                variant="soft"
                color="red"
                onClick={() => remover.send({ type: 'groupDelete.ask', group })}
              >
                <TrashIcon /> Delete
              </Button>
            )}
          </Flex>
        )}
        {view.busy && view.members.length === 0 && <Reading message="Loading members…" />}
        {view.error && (
          <ReadFailure
            message={
              view.failed ? 'The members could not be loaded' : 'More members could not be loaded'
            }
            error={view.error}
            onRetry={view.canRetry ? () => members.send({ type: 'members.retry' }) : undefined}
          />
        )}
        {!view.busy && !view.failed && view.members.length === 0 && (
          <Text as="p" size="2" color="gray">
            No members yet.
            {can.members && ' Add members here, or select users in the Users list.'}
          </Text>
        )}
        {view.members.length > 0 && (
          <Box asChild m="0" p="0">
            <ul aria-label={`Members of ${group.name}`} className="group-list">
              {view.members.map((member) => (
                <li key={member.id}>
                  <Flex align="center" gap="3" py="1" justify="between">
                    <Box minWidth="0">
                      <Text as="div" size="2" weight="medium" truncate>
                        {fullName(member)}
                      </Text>
                      <Text as="div" size="1" color="gray" truncate>
                        {member.email}
                      </Text>
                    </Box>
                    {can.members && (
                      <Button
                        size="1"
                        variant="soft"
                        color="gray"
                        aria-label={`Remove ${fullName(member)}`}
                        loading={view.removingId === member.id}
                        disabled={!view.canRemove}
                        onClick={() => members.send({ type: 'members.remove', member })}
                      >
                        Remove
                      </Button>
                    )}
                  </Flex>
                </li>
              ))}
            </ul>
          </Box>
        )}
        {view.hasMore && view.members.length > 0 && (
          <Flex justify="center">
            <Button
              variant="soft"
              loading={view.busy && view.removingId === null}
              disabled={!view.canLoadMore}
              onClick={() => members.send({ type: 'members.loadMore' })}
            >
              Load more
            </Button>
          </Flex>
        )}
      </HeadedSection>
      {can.members && <AddMembersDialog actor={adder} groupName={group.name} />}
    </Card>
  )
}
