import { ExclamationTriangleIcon, InfoCircledIcon } from '../icons/firstLoadIcons'
import { Callout } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type ErrorProps = {
  message: ReactNode
  /** 1 beside the control it concerns (ErrorText). */
  size?: '1'
  mt?: '3' | '4'
}

/** A failure to read now: announced at once (role=alert). */
export function ErrorCallout({ message, size, mt }: ErrorProps) {
  return (
    <Callout.Root color="red" role="alert" size={size} mt={mt}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  )
}

/** Information that needs no action (role=status). */
export function InfoCallout({ message }: { message: string }) {
  return (
    <Callout.Root role="status">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  )
}
