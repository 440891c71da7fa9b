import { setup, type ActorRefFrom } from 'xstate'
import type { SelfUser } from '../../../../schema/user'
import { inlineEditorMachine, type EditorActor } from '../../../kit/machines/inlineEditor.machine'
import { emailEditor, nameEditor, phoneEditor } from '../../../kit/machines/profileEditors'
import { twoFactorMachine, type TwoFactorActor } from './twoFactor.machine'
import { visageMachine, type VisageActor } from './visage.machine'

export type PersonalInfoParts = {
  name: EditorActor
  email: EditorActor
  phone: EditorActor
  twoFactor: TwoFactorActor
  visage: VisageActor
}

/**
 * Profile's 'Personal Info' card as one page machine: it spawns the name, email and phone
 * editors, the two-factor switch and the visage for the signed-in user, as children the view
 * only reads and sends to.
 */
export const personalInfoMachine = setup({
  types: { context: {} as PersonalInfoParts, input: {} as { user: SelfUser } },
  actors: { editor: inlineEditorMachine, twoFactor: twoFactorMachine, visage: visageMachine },
}).createMachine({
  id: 'personalInfo',
  description: "Profile's Personal Info: the three inline editors, the 2FA switch, the visage.",
  context: ({ input: { user }, spawn }) => ({
    name: spawn('editor', { id: 'name', input: { spec: nameEditor, record: user } }),
    email: spawn('editor', { id: 'email', input: { spec: emailEditor, record: user } }),
    phone: spawn('editor', { id: 'phone', input: { spec: phoneEditor, record: user } }),
    twoFactor: spawn('twoFactor', { id: 'twoFactor', input: { user } }),
    visage: spawn('visage', { id: 'visage', input: { user } }),
  }),
})

export type PersonalInfoActor = ActorRefFrom<typeof personalInfoMachine>
