import { CheckCircledIcon } from '@radix-ui/react-icons'
import { Callout } from '@radix-ui/themes'

/** Something worked (role=status): a link was sent, a password was changed. */
export function SuccessCallout({ message }: { message: string }) {
  return (
    <Callout.Root color="green" role="status">
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  )
}
