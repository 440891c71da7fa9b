import { PlusIcon } from '@radix-ui/react-icons'
import { Button, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { groupsPageMachine, type GroupsPageActor } from '../machines/groupsPage.machine'
import { selectMembersActor, selectSelected } from '../machines/groups.selectors'
import { GroupDeleteDialog } from './GroupDeleteDialog'
import { GroupFormDialog } from './GroupFormDialog'
import { GroupList } from './GroupList'
import { MembersPanel, NoGroupChosen, type GroupsCan } from './MembersPanel'

/**
 * The Groups screen (issue 31): the groups with their member counts and a search; the selected
 * group's members beside them from md (960 px), under them below. 'New group', Edit and Delete
 * need roles.write; adding and removing members, users.access.
 */
export function GroupsView({ page, can }: { page: GroupsPageActor; can: GroupsCan }) {
  const parts = usePageParts(page)
  const desktop = useMediaQuery(MEDIA.desktop)
  const selected = useSelector(page, selectSelected)
  const members = useSelector(page, selectMembersActor)
  if (!parts) return null
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Groups">
        {can.manage && (
          <Flex ml="auto">
            <Button onClick={() => parts.form.send({ type: 'groupForm.new' })}>
              <PlusIcon /> New group
            </Button>
          </Flex>
        )}
      </PageHeader>
      <Flex direction={desktop ? 'row' : 'column'} gap="4" align="start">
        <GroupList page={page} width={desktop ? '360px' : '100%'} />
        {selected && members ? (
          <MembersPanel
            key={selected.id}
            group={selected}
            members={members}
            form={parts.form}
            remover={parts.remover}
            can={can}
          />
        ) : (
          desktop && <NoGroupChosen />
        )}
      </Flex>
      {can.manage && <GroupFormDialog actor={parts.form} />}
      {can.manage && <GroupDeleteDialog actor={parts.remover} />}
    </Flex>
  )
}

/** /groups (roles.read): the groups and their members. */
export function GroupsPage() {
  const page = useScreenActor(groupsPageMachine)
  const manage = useAccess({ permission: 'roles.write' })
  const members = useAccess({ permission: 'users.access' })
  if (!page) return null
  return <GroupsView page={page} can={{ manage, members }} />
}
