import {
  userRecordMachine,
  type RecordEvent,
  type UserRecordSnapshot,
} from '../machines/userRecord.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aUser, savedUserOf } from './userDetail.fixtures'
import { recordEvents, recordShows } from '../../../kit/paths/cacheRecord'

export const recordUser = aUser()
const renamed = savedUserOf(recordUser, { nameFirst: 'Amazing' })
const fullName = (s: UserRecordSnapshot) =>
  `${s.context.user?.nameFirst} ${s.context.user?.nameLast}`

const events = recordEvents('user', recordUser, renamed) as unknown as RecordEvent[]

const shows = (s: UserRecordSnapshot) =>
  recordShows(s, {
    loading: "'Loading user…'",
    found: () => `The user detail headed '${fullName(s)}'`,
    missing: "'User not found. They may have been removed, or the link is wrong.'",
    failed: "'The user could not be read from this browser’s data.'",
  })

export const userRecordPaths = definePaths({
  name: 'The user detail following the cache',
  machine: userRecordMachine,
  events,
  input: { id: recordUser.id },
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.user?.nameFirst ?? null])),
  shows,
  detail: (event) =>
    event.type === 'record.loaded' && event.user ? `(named “${event.user.nameFirst}”)` : undefined,
})

export const models = [userRecordPaths]
