import type { ReactNode } from 'react'
import type { InputFrom } from 'xstate'
import { filterDrawerMachine, type FilterDrawerActor } from '../../machines/filterDrawer.machine'
import { listMachine, type ListActor } from '../../machines/list.machine'
import { listOptionsMachine, type ListOptionsActor } from '../../machines/listOptions.machine'
import { useScreenActor } from '../actors/useScreenActor'

/** A list screen's three statecharts: the list, its options, the filter drawer. */
export type ListActors = { list: ListActor; options: ListOptionsActor; drawer: FilterDrawerActor }

type Props = {
  type: InputFrom<typeof listMachine>['type']
  children: (actors: ListActors) => ReactNode
}

/**
 * Spawns a list screen's statecharts and shows the screen once they run. The options chart
 * watches the list it is given, so it starts once the list has.
 */
export function WithListActors({ type, children }: Props) {
  const list = useScreenActor(listMachine, { input: { type } })
  return list ? <WithOptions list={list}>{children}</WithOptions> : null
}

function WithOptions({ list, children }: { list: ListActor; children: Props['children'] }) {
  const options = useScreenActor(listOptionsMachine, { input: { list } })
  const drawer = useScreenActor(filterDrawerMachine)
  if (!options || !drawer) return null
  return children({ list, options, drawer })
}
