import type { ReactNode } from 'react'
import type { ListActor } from '../../machines/list.machine'
import { ListEmpty, ListError } from './ListStatus'
import { RecordCount } from './RecordCount'

/** `what`: 'services', what the list shows; the failure and the empty list say it. */
type Props = { list: ListActor; what: string; children: ReactNode }

/** The list's rows between what a failed or empty read says and the Record Count footer. */
export function ListBody({ list, what, children }: Props) {
  return (
    <>
      <ListError list={list} failure={`The ${what} could not be loaded.`} />
      <ListEmpty list={list} what={what} />
      {children}
      <RecordCount list={list} />
    </>
  )
}
