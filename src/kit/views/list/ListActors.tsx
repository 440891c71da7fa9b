import type { ReactNode } from 'react'
import type { InputFrom } from 'xstate'
import { listScreenMachine, type ListParts } from '../../machines/listScreen.machine'
import { usePageParts } from '../actors/usePageParts'
import { useScreenActor } from '../actors/useScreenActor'

/** A list screen's three statecharts: the list, its options, the filter drawer. */
export type ListActors = ListParts

type Props = {
  type: InputFrom<typeof listScreenMachine>['type']
  children: (actors: ListActors) => ReactNode
}

/** Spawns a list screen's page machine and shows the screen with its parts once it runs. */
export function WithListActors({ type, children }: Props) {
  const parts = usePageParts(useScreenActor(listScreenMachine, { input: { type } }))
  return parts ? children(parts) : null
}
