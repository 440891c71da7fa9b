import { Separator } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { SelfUser } from '../../../../schema/user'
import { selectUser } from '../../../kit/session/session.selectors'
import { personalInfoMachine } from '../machines/personalInfo.machine'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { useSession } from '../../../kit/views/actors/sessionContext'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { BiometricSetting } from './passkeys/BiometricSetting'
import { initials } from '../../../kit/views/page/navigation'
import { AuthenticatorSection } from './authenticator/AuthenticatorSection'
import { DeleteLocalData } from './DeleteLocalData'
import { PersonalEditors } from '../../../kit/views/form/PersonalEditors'
import { CardSection } from '../../../kit/views/section/CardSection'
import { TwoFactorSwitch } from './TwoFactorSwitch'
import { AccountColumn } from './AccountColumn'
import { VisageSection } from './VisageSection'

/** 'Personal Info' (SPEC.md §2 'Profile'): the inline editors, the 2FA switch and the visage. */
function PersonalInfo({ user }: { user: SelfUser }) {
  // The card's parts are spawned by its machine, in the session's system, by the first effect.
  const parts = usePageParts(useScreenActor(personalInfoMachine, { input: { user } }))
  if (!parts) return null
  const { name, email, phone, twoFactor, visage } = parts
  return (
    <CardSection title="Personal Info" gap="4">
      <PersonalEditors editors={{ name, email, phone }} user={user} autoFill askPassword />
      {user.phone && <TwoFactorSwitch twoFactor={twoFactor} />}
      <Separator size="4" />
      <VisageSection visage={visage} initials={initials(user)} />
    </CardSection>
  )
}

/**
 * What belongs to this browser rather than to the account: biometric login (a passkey of this
 * device) and Delete Local Data (its cache), together in a card of their own.
 */
function ThisDevice({ user }: { user: SelfUser }) {
  return (
    <CardSection title="This device" gap="4">
      <BiometricSetting user={user} />
      <Separator size="4" />
      <DeleteLocalData />
    </CardSection>
  )
}

/**
 * /profile (SPEC.md §2): Personal Info, the authenticator app (issue 28), then 'This device' with
 * biometric login and Delete Local Data, one card under the other in the account column.
 */
export function ProfilePage() {
  const session = useSession()
  const user = useSelector(session, selectUser)
  // The signed-in routes admit no one without a user; this only satisfies the type.
  if (!user) return null
  return (
    <AccountColumn>
      <PageHeader title="Profile" />
      <PersonalInfo user={user} />
      <AuthenticatorSection email={user.email} />
      <ThisDevice user={user} />
    </AccountColumn>
  )
}
