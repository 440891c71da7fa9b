import {
  passwordExpiryMachine,
  type ExpiryEvent,
  type ExpiryInput,
} from '../session/passwordExpiry.machine'
import { definePaths, type PathsModel } from '../../flows/model'
import { daysFromNow, modelPerStart } from './starts'

/** When the password expires, as each model starts: 9.5 days left reads as 10 (whole days, rounded up). */
export const starts = {
  due: daysFromNow(9.5),
  notDue: daysFromNow(30),
}
export type Start = keyof typeof starts

const events = [{ type: 'expiry.later' }, { type: 'password.left' }] as unknown as ExpiryEvent[]

const input = (passwordExpiresAt: string): ExpiryInput => ({
  userId: 'u1',
  passwordExpiresAt,
  mustChangePassword: false,
  dismissed: false,
  now: Date.now(),
})

const names: Record<Start, string> = {
  due: 'Password expiry: 10 days left',
  notDue: 'Password expiry: 30 days left',
}

// Whether the dialog is due is fixed when the frame opens: one model per starting point.
const modelFor = (start: Start) =>
  definePaths({
    name: names[start],
    machine: passwordExpiryMachine,
    events,
    input: input(starts[start]),
    values: (s) => ({ n: s.context.daysLeft ?? undefined }),
    shows: (s) => {
      if (s.hasTag('open'))
        return `The 'Your Password will expire in ${s.context.daysLeft} days' dialog over Home: the change form, Later is on, Change Password is off`
      return s.matches('dismissed') ? 'Home; the dialog is closed' : 'Home; no dialog'
    },
  })

export const passwordExpiryPaths: Record<
  Start,
  PathsModel<typeof passwordExpiryMachine>
> = modelPerStart(starts, modelFor)

export const models = Object.values(passwordExpiryPaths)
