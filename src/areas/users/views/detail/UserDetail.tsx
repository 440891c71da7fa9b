import { InfoCircledIcon } from '@radix-ui/react-icons'
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import {
  userRecordMachine,
  type UserRecordActor,
  type UserRecordSnapshot,
} from '../../machines/userRecord.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { UserPane } from './UserPane'

const selectUser = (s: UserRecordSnapshot) => s.context.user
const selectLoading = (s: UserRecordSnapshot) => s.hasTag('busy')
const selectFailed = (s: UserRecordSnapshot) => s.hasTag('error')

/**
 * One user's detail (/users/{id}), read live from the identity cache: a save here, a sync batch or
 * another tab shows at once. Another id is another pane, with fresh editors and charts.
 */
export function UserDetail({ id }: { id: string }) {
  return <UserRecord key={id} id={id} />
}

function UserRecord({ id }: { id: string }) {
  const record = useScreenActor(userRecordMachine, { input: { id } })
  return record ? <UserShown record={record} /> : null
}

/** The pane for what the record chart has read: a spinner, the user, or why there is none. */
function UserShown({ record }: { record: UserRecordActor }) {
  const user = useSelector(record, selectUser)
  const loading = useSelector(record, selectLoading)
  const failed = useSelector(record, selectFailed)
  if (loading) {
    return (
      <Flex align="center" gap="2" p="4">
        <Spinner /> <Text color="gray">Loading user…</Text>
      </Flex>
    )
  }
  if (failed || !user) {
    return (
      <Callout.Root color={failed ? 'red' : 'gray'} role="status" m="4">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          {failed
            ? 'The user could not be read from this browser’s data.'
            : 'User not found. They may have been removed, or the link is wrong.'}
        </Callout.Text>
      </Callout.Root>
    )
  }
  return <UserPane user={user} />
}
