import type { ReactNode } from 'react'
import type { ListActor } from '../../machines/list.machine'
import { ListEmpty, ListError } from './ListStatus'
import { RecordCount } from './RecordCount'

/**
 * `what`: 'services', what the list shows; the failure and the empty list say it. `emptyAction`:
 * the call to action under 'There are no {what}.'.
 */
type Props = { list: ListActor; what: string; children: ReactNode; emptyAction?: ReactNode }

/** The list's rows between what a failed or empty read says and the Record Count footer. */
export function ListBody({ list, what, children, emptyAction }: Props) {
  return (
    <>
      <ListError list={list} failure={`The ${what} could not be loaded.`} />
      <ListEmpty list={list} what={what} action={emptyAction} />
      {children}
      <RecordCount list={list} />
    </>
  )
}
