import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListOptionsActor } from '../../machines/listOptions.machine'
import { selectCanReset } from '../../machines/listOptions.selectors'

/** Reset Filters: back to the list's default filters and sort, on once one differs. */
export function ResetFilters({ options }: { options: ListOptionsActor }) {
  const canReset = useSelector(options, selectCanReset)
  return (
    <Button
      variant="soft"
      color="gray"
      disabled={!canReset}
      onClick={() => options.send({ type: 'options.reset' })}
    >
      Reset Filters
    </Button>
  )
}
