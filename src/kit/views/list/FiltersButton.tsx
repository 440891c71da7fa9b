import { MixerHorizontalIcon } from '@radix-ui/react-icons'
import { Badge, Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FilterDrawerActor, FilterDrawerSnapshot } from '../../machines/filterDrawer.machine'
import type { ListOptionsActor } from '../../machines/listOptions.machine'
import { selectChangedCount } from '../../machines/listOptions.selectors'

const selectOpen = (snapshot: FilterDrawerSnapshot) => snapshot.hasTag('open')
const selectCanToggle = (snapshot: FilterDrawerSnapshot) => snapshot.can({ type: 'drawer.toggle' })

type Props = { drawer: FilterDrawerActor; options: ListOptionsActor; controls: string }

/** 'Show Filters' / 'Hide Filters', with a badge counting the filters changed from the defaults. */
export function FiltersButton({ drawer, options, controls }: Props) {
  const open = useSelector(drawer, selectOpen)
  const canToggle = useSelector(drawer, selectCanToggle)
  const changed = useSelector(options, selectChangedCount)
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
