import { CheckCircledIcon } from '@radix-ui/react-icons'
import { Callout } from '@radix-ui/themes'

/** Something worked (role=status): a link was sent, a password was changed. */
export function SuccessCallout({ message }: { message: string }) {
  return (
    // Radix's light green 11 is under 4.5:1 on its tinted backgrounds: step 12 text instead.
    <Callout.Root color="green" role="status" highContrast>
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  )
}
