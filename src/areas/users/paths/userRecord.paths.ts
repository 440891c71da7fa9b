import {
  userRecordMachine,
  type RecordEvent,
  type UserRecordSnapshot,
} from '../machines/userRecord.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aUser, savedUserOf } from './userDetail.fixtures'

export const recordUser = aUser()
const renamed = savedUserOf(recordUser, { nameFirst: 'Amazing' })
const fullName = (s: UserRecordSnapshot) =>
  `${s.context.user?.nameFirst} ${s.context.user?.nameLast}`

const events = [
  { type: 'record.loaded', user: recordUser },
  { type: 'record.loaded', user: renamed },
  { type: 'record.loaded', user: undefined },
  { type: 'record.failed', error: new Error('The database is closed.') },
] as unknown as RecordEvent[]

function shows(s: UserRecordSnapshot): string {
  if (s.matches({ watching: 'loading' })) return "'Loading user…'"
  if (s.matches({ watching: 'found' })) return `The user detail headed '${fullName(s)}'`
  if (s.matches({ watching: 'missing' }))
    return "'User not found. They may have been removed, or the link is wrong.'"
  return "'The user could not be read from this browser’s data.'"
}

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
