import { LockClosedIcon } from '@radix-ui/react-icons'
import { Button, IconButton } from '@radix-ui/themes'
import { mfaPolicyMachine, type MfaPolicyActor } from '../../machines/mfaPolicy.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { MfaPolicyDialog } from './MfaPolicyDialog'

/**
 * 'Second-factor policy' on the Users header (issue 28) and the dialog it opens: anyone who sees
 * Users (users.read) may look; users.write may change it.
 */
export function MfaPolicyButton({ compact = false }: { compact?: boolean }) {
  const actor = useScreenActor(mfaPolicyMachine)
  return actor ? <PolicyButton actor={actor} compact={compact} /> : null
}

/** `compact` (phones): the icon alone, named 'Second-factor policy', with the name as its tooltip. */
function PolicyButton({ actor, compact }: { actor: MfaPolicyActor; compact: boolean }) {
  const writable = useAccess({ permission: 'users.write' })
  const open = () => actor.send({ type: 'policy.open', writable })
  return (
    <>
      {compact ? (
        <IconButton
          variant="soft"
          aria-label="Second-factor policy"
          title="Second-factor policy"
          onClick={open}
        >
          <LockClosedIcon />
        </IconButton>
      ) : (
        <Button variant="soft" onClick={open}>
          <LockClosedIcon /> Second-factor policy
        </Button>
      )}
      <MfaPolicyDialog actor={actor} />
    </>
  )
}
