import { Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { Permissions } from '../../../../../../schema/permissions'
import type {
  AccessAssignmentsActor,
  AccessAssignmentsSnapshot,
} from '../../../machines/accessAssignments.machine'
import { sourceText } from '../../../machines/accessAssignments.messages'
import { TitledSection } from '../../../../../kit/views/section/TitledSection'
import { permissionLabel } from '../../permissionText'

const selectHeld = (s: AccessAssignmentsSnapshot) => s.context.read?.access.permissions ?? []

const CODE = { fontFamily: 'var(--code-font-family)' }

/**
 * What the user may do, read-only: each permission they hold, in the grid's order, with where it
 * comes from ('Help desk role for group Pharmacy staff', 'Direct grant').
 */
export function EffectivePart({ actor }: { actor: AccessAssignmentsActor }) {
  const held = useSelector(actor, selectHeld, shallowEqual)
  const ordered = [...held].sort(
    (a, b) => Permissions.indexOf(a.permission) - Permissions.indexOf(b.permission),
  )
  return (
    <TitledSection title="Effective permissions" titleStyle={{ weight: 'medium' }} gap="2">
      {ordered.length === 0 ? (
        <Text size="2" color="gray">
          No permissions.
        </Text>
      ) : (
        <Flex direction="column" asChild>
          <ul
            aria-label="Effective permissions"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {ordered.map((p) => (
              <Flex
                key={p.permission}
                asChild
                direction="column"
                py="1"
                style={{ boxShadow: 'inset 0 -1px var(--gray-a4)' }}
              >
                <li>
                  <Text size="2">
                    {permissionLabel(p.permission)}{' '}
                    <Text size="1" color="gray" style={CODE}>
                      {p.permission}
                    </Text>
                  </Text>
                  <Text size="1" color="gray">
                    {p.sources.map(sourceText).join(' · ')}
                  </Text>
                </li>
              </Flex>
            ))}
          </ul>
        </Flex>
      )}
    </TitledSection>
  )
}
