import { Checkbox, Flex, Text, VisuallyHidden } from '@radix-ui/themes'
import { Fragment, useId, type CSSProperties } from 'react'
import type { Permission } from '../../../../schema/permissions'
import { PERMISSION_AREAS, PERMISSION_TEXT, type PermissionArea } from './permissionText'
import './PermissionGrid.css'

type Props = {
  chosen: readonly Permission[]
  disabled: boolean
  onChange: (permission: Permission, on: boolean) => void
  /** The group's heading id ('Permissions'), which names it. */
  labelledBy: string
}

/** The most permissions an area has ('View', 'Change', 'Grant access'): the grid's columns. */
const VERBS = Math.max(...PERMISSION_AREAS.map((area) => area.verbs.length))
const SLOTS = Array.from({ length: VERBS }, (_, n) => n)

/**
 * The permissions by area (review item 5): one row per area, named in words with a line on what
 * it holds, and its permissions side by side — 'View', 'Change' — each with its identifier under
 * it, small, grey and monospace. A checkbox is named by its verb and area ('View Users') and
 * described by its identifier and what it allows. Add User and the user detail's Access share it.
 */
export function PermissionGrid({ chosen, disabled, onChange, labelledBy }: Props) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="gh-permission-grid"
      style={{ '--gh-permission-verbs': VERBS } as CSSProperties}
    >
      {PERMISSION_AREAS.map((area) => (
        <AreaRow
          key={area.area}
          area={area}
          chosen={chosen}
          disabled={disabled}
          onChange={onChange}
        />
      ))}
    </div>
  )
}

function AreaRow({
  area,
  chosen,
  disabled,
  onChange,
}: Omit<Props, 'labelledBy'> & { area: PermissionArea }) {
  const id = useId()
  return (
    <>
      <Flex direction="column" minWidth="0" className="gh-permission-area">
        <Text id={`${id}-area`} size="2" weight="medium">
          {area.area}
        </Text>
        <Text size="1" color="gray">
          {area.about}
        </Text>
      </Flex>
      {SLOTS.map((n) => {
        const held = area.verbs[n]
        if (!held) return <div key={n} className="gh-permission-verb" />
        const { permission, verb } = held
        const on = chosen.includes(permission)
        return (
          <Fragment key={permission}>
            <Text
              as="label"
              size="2"
              className="gh-permission-verb"
              title={PERMISSION_TEXT[permission]}
            >
              <Flex gap="1" align="start">
                <Checkbox
                  className="gh-permission-check"
                  checked={on}
                  disabled={disabled}
                  aria-labelledby={`${id}-${n}-verb ${id}-area`}
                  aria-describedby={`${id}-${n}-code ${id}-${n}-what`}
                  onCheckedChange={(checked) => onChange(permission, checked === true)}
                />
                <Flex direction="column" pt="1" minWidth="0">
                  <Text id={`${id}-${n}-verb`}>{verb}</Text>
                  <Text
                    id={`${id}-${n}-code`}
                    size="1"
                    color="gray"
                    style={{ fontFamily: 'var(--code-font-family)' }}
                  >
                    {/* A narrow column breaks the identifier at its dot, not inside a word. */}
                    {permission.split('.')[0]}.<wbr />
                    {permission.split('.')[1]}
                  </Text>
                  <VisuallyHidden id={`${id}-${n}-what`}>
                    {PERMISSION_TEXT[permission]}
                  </VisuallyHidden>
                </Flex>
              </Flex>
            </Text>
          </Fragment>
        )
      })}
    </>
  )
}
