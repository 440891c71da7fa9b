import { LockClosedIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { mfaPolicyMachine, type MfaPolicyActor } from '../../machines/mfaPolicy.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { MfaPolicyDialog } from './MfaPolicyDialog'

/**
 * 'Second-factor policy' on the Users header (issue 28) and the dialog it opens: anyone who sees
 * Users (users.read) may look; users.write may change it.
 */
export function MfaPolicyButton() {
  const actor = useScreenActor(mfaPolicyMachine)
  return actor ? <PolicyButton actor={actor} /> : null
}

function PolicyButton({ actor }: { actor: MfaPolicyActor }) {
  const writable = useAccess({ permission: 'users.write' })
  return (
    <>
      <Button variant="soft" onClick={() => actor.send({ type: 'policy.open', writable })}>
        <LockClosedIcon /> Second-factor policy
      </Button>
      <MfaPolicyDialog actor={actor} />
    </>
  )
}
