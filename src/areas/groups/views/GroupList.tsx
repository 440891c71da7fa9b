import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { Badge, Box, Card, Flex, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { HeadedSection } from '../../../kit/views/section/CardSection'
import type { GroupsPageActor } from '../machines/groupsPage.machine'
import { membersText } from '../machines/groups.messages'
import { selectList, selectText } from '../machines/groups.selectors'
import './groups.css'

/** The groups by name, each with its description and member count; a search narrows them. */
export function GroupList({ page, width }: { page: GroupsPageActor; width: string }) {
  const { groups, total, loading, failed, error, selectedId } = useSelector(
    page,
    selectList,
    shallowEqual,
  )
  const text = useSelector(page, selectText)
  return (
    <Card size={{ initial: '2', sm: '3' }} style={{ width, flexShrink: 0 }}>
      <HeadedSection title={`All groups (${total.toLocaleString('en-US')})`}>
        <TextField.Root
          type="search"
          aria-label="Search groups"
          placeholder="Search by name or description"
          value={text}
          onChange={(event) => page.send({ type: 'groups.search', text: event.target.value })}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        {loading && <Reading message="Loading groups…" />}
        {failed && error && (
          <ReadFailure
            message="The groups could not be loaded"
            error={error}
            onRetry={() => page.send({ type: 'groups.retry' })}
          />
        )}
        {!loading && !failed && total === 0 && (
          <Text as="p" size="2" color="gray">
            No groups yet. A group is a named set of users: give a role for a group, and its holder
            acts on that group&apos;s members only.
          </Text>
        )}
        {total > 0 && groups.length === 0 && (
          <Text as="p" size="2" color="gray">
            No groups match “{text.trim()}”.
          </Text>
        )}
        {groups.length > 0 && (
          <Box asChild m="0" p="0">
            <ul aria-label="Groups" className="group-list">
              {groups.map((group) => (
                <li key={group.id}>
                  <button
                    type="button"
                    className="group-row"
                    aria-current={group.id === selectedId ? 'true' : undefined}
                    onClick={() => page.send({ type: 'groups.select', id: group.id })}
                  >
                    <Flex justify="between" align="center" gap="2">
                      <Text size="2" weight="medium" truncate>
                        {group.name}
                      </Text>
                      <Badge color="gray" variant="soft" style={{ flexShrink: 0 }}>
                        {membersText(group.members)}
                      </Badge>
                    </Flex>
                    {group.description && (
                      <Text as="div" size="1" color="gray" truncate>
                        {group.description}
                      </Text>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </Box>
        )}
      </HeadedSection>
    </Card>
  )
}
