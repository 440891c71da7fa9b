import { ErrorCallout } from './ErrorCallout'

/** A failure beside the control it concerns, read out when it appears. */
export function ErrorText({ message }: { message: string | null }) {
  return message ? <ErrorCallout message={message} size="1" /> : null
}
