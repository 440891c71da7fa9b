import { userRecordMachine, type UserRecordSnapshot } from '../../machines/userRecord.machine'
import { RecordDetail, type RecordWords } from '../../../../kit/views/record/RecordDetail'
import { UserPane } from './UserPane'

const selectUser = (s: UserRecordSnapshot) => s.context.user

const WORDS: RecordWords = {
  loading: 'Loading user…',
  failed: 'The user could not be read from this browser’s data.',
  notFound: 'User not found. They may have been removed, or the link is wrong.',
}

/**
 * One user's detail (/users/{id}), read live from the identity cache: a save here, a sync batch or
 * another tab shows at once. Another id is another pane, with fresh editors and charts.
 */
export function UserDetail({ id }: { id: string }) {
  return (
    <RecordDetail machine={userRecordMachine} id={id} select={selectUser} words={WORDS}>
      {(user) => <UserPane user={user} />}
    </RecordDetail>
  )
}
