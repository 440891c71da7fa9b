import { ExclamationTriangleIcon, InfoCircledIcon } from '../icons/firstLoadIcons'
import { Callout } from '@radix-ui/themes'

/** A failure to read now: announced at once (role=alert). */
export function ErrorCallout({ message }: { message: string }) {
  return (
    <Callout.Root color="red" role="alert">
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
