import { MessageView } from './MessageView'

/** Shown while a screen's code is still downloading. */
export function LoadingView() {
  return <MessageView message="Loading, please wait..." spinner />
}
