import { MixerHorizontalIcon } from '@radix-ui/react-icons'
import { Badge, Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FilterDrawerActor, FilterDrawerSnapshot } from '../../machines/filterDrawer.machine'
import type { ListOptionsActor, ListOptionsSnapshot } from '../../machines/listOptions.machine'

const selectOpen = (snapshot: FilterDrawerSnapshot) => snapshot.hasTag('open')
const selectCanToggle = (snapshot: FilterDrawerSnapshot) => snapshot.can({ type: 'drawer.toggle' })

/**
 * The options the drawer itself shows that differ from the defaults: the search has its own box in
 * the toolbar, so typing one does not light the badge of a drawer in which nothing changed.
 */
export const selectDrawerChangedCount = (snapshot: ListOptionsSnapshot) =>
  snapshot.hasTag('changed')
    ? snapshot.context.changed.filter((option) => option !== 'text').length
    : 0

type ToggleProps = {
  drawer: FilterDrawerActor
  /** How many filters in the drawer differ from the defaults: the badge. */
  changed: number
  controls: string
}

/**
 * 'Show Filters' / 'Hide Filters' for any filter drawer, with a badge counting what `changed`
 * says (Logs counts the filters in its URL).
 */
export function FiltersToggle({ drawer, changed, controls }: ToggleProps) {
  const open = useSelector(drawer, selectOpen)
  const canToggle = useSelector(drawer, selectCanToggle)
  const label = open ? 'Hide Filters' : 'Show Filters'
  return (
    <Button
      variant="soft"
      // The badge is a number to the eye; a screen reader hears what it counts.
      aria-label={changed > 0 ? `${label} (${changed} changed)` : label}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      disabled={!canToggle}
      onClick={() => drawer.send({ type: 'drawer.toggle' })}
    >
      <MixerHorizontalIcon />
      {label}
      {changed > 0 && (
        <Badge variant="solid" radius="full" size="1" aria-hidden>
          {changed}
        </Badge>
      )}
    </Button>
  )
}

type Props = { drawer: FilterDrawerActor; options: ListOptionsActor; controls: string }

/** 'Show Filters' / 'Hide Filters', with a badge counting the drawer's filters changed from the defaults. */
export function FiltersButton({ drawer, options, controls }: Props) {
  const changed = useSelector(options, selectDrawerChangedCount)
  return <FiltersToggle drawer={drawer} changed={changed} controls={controls} />
}
