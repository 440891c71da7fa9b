import { visageMachine, type VisageEvent, type VisageSnapshot } from '../machines/visage.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { savedUser } from './profile.fixtures'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { selfUser } from '../../../kit/fixtures/users.fixtures'
import { messageLine } from '../../../kit/paths/message'

/** The signed-in user, with a visage stored. */
export const visageUser = selfUser({ visage: 'visage-1' })
/** The image a person drops. */
export const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
  type: 'image/png',
})

const withVisage = (visage: string | null) => savedUser(visageUser, { visage })

const events = [
  { type: 'visage.delete' },
  { type: 'visage.confirmDelete' },
  { type: 'visage.cancelDelete' },
  { type: 'xstate.done.actor.deleteVisage', output: withVisage(null) },
  { type: 'xstate.error.actor.deleteVisage', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'image.drop', file: png },
  { type: 'image.dropRejected', message: 'Too many files' },
  { type: 'image.dropRejected', message: 'File type must be image/*' },
  { type: 'xstate.done.actor.upload', output: withVisage('visage-2') },
  {
    type: 'xstate.error.actor.upload',
    error: refusal(415, 'The image must be a PNG, JPEG, WebP or GIF file.'),
  },
] as unknown as VisageEvent[]

function shows(s: VisageSnapshot): string {
  if (s.matches('present')) return 'The visage with Delete Visage'
  if (s.matches('uploading')) return "The drop zone shows 'Uploading…' with a progress bar"
  if (s.hasTag('open'))
    return [
      "The dialog 'Are you sure you want to delete this visage?' over the visage",
      s.hasTag('busy') ? 'Cancel and Delete are off' : 'Cancel and Delete are on',
      messageLine(s),
    ].join('; ')
  return `'Drop Image File Here'; ${messageLine(s)}`
}

export const visagePaths = definePaths({
  name: 'Visage',
  machine: visageMachine,
  input: { user: visageUser },
  events,
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.visage, s.context.error])),
  shows,
  detail: (event) => {
    if (event.type === 'image.drop') return `(${event.file.name})`
    if (event.type === 'image.dropRejected') return `(${event.message})`
    const error = (event as { error?: unknown }).error
    return error instanceof Error ? `(${error.message.replace(/[.\s]+$/, '')})` : undefined
  },
})

export const models = [visagePaths]
