import { Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { ErrorText } from '../form/ErrorText'
import type { Refusal } from './refusal'

type Props<TField> = { name: TField; refusal: Refusal<TField> | null; children: ReactNode }

/** A field of a create form, and under it what the server refused about it; the input stays. */
export function RefusableField<TField>({ name, refusal, children }: Props<TField>) {
  return (
    <Flex direction="column" gap="2">
      {children}
      {refusal?.field === name && <ErrorText message={refusal.message} />}
    </Flex>
  )
}

/** What the server refused about no field in particular, under the form. */
export function FormRefusal<TField>({ refusal }: { refusal: Refusal<TField> | null }) {
  return refusal && !refusal.field ? <ErrorText message={refusal.message} /> : null
}
