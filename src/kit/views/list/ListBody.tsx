import type { ReactNode } from 'react'
import type { ListActor } from '../../machines/list.machine'
import { ListEmpty, ListError } from './ListStatus'
import { RecordCount } from './RecordCount'

type Props = { list: ListActor; failure: string; what: string; children: ReactNode }

/** The list's rows between what a failed or empty read says and the Record Count footer. */
export function ListBody({ list, failure, what, children }: Props) {
  return (
    <>
      <ListError list={list} failure={failure} />
      <ListEmpty list={list} what={what} />
      {children}
      <RecordCount list={list} />
    </>
  )
}
