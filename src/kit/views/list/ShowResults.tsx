import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FilterDrawerActor } from '../../machines/filterDrawer.machine'
import type { ListActor, ListSnapshot } from '../../machines/list.machine'

const number = new Intl.NumberFormat('en-US')
const selectCount = (snapshot: ListSnapshot) => snapshot.context.count

/** 'Show 1,234 results', 'Show 1 result'; without a count (a paged log), 'Show results'. */
export const showResultsText = (count: number | null) =>
  count === null ? 'Show results' : `Show ${number.format(count)} result${count === 1 ? '' : 's'}`

type Props = { drawer: FilterDrawerActor; count: number | null }

/** The bottom sheet's way back to the list: says how many rows the filters leave, and closes it. */
export function ShowResultsButton({ drawer, count }: Props) {
  return (
    <Button size="3" onClick={() => drawer.send({ type: 'drawer.close' })}>
      {showResultsText(count)}
    </Button>
  )
}

/** ShowResultsButton counting a list's matching rows (its Record Count). */
export function ShowListResults({ drawer, list }: { drawer: FilterDrawerActor; list: ListActor }) {
  const count = useSelector(list, selectCount)
  return <ShowResultsButton drawer={drawer} count={count} />
}
