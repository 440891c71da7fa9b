import { createFileRoute } from '@tanstack/react-router'
import { markCookiesAccepted } from '../data/prefs/cookiesAccepted'
import { selectUser } from '../machines/session.selectors'
import { Shell } from '../views/shell/Shell'
import { requirePasswordCurrent, requireSignedIn } from './-guards'

export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async (args) => {
    await requireSignedIn(args)
    requirePasswordCurrent(args)
    // Signed in: on iOS, this user has accepted cookies (SPEC.md §4).
    const user = selectUser(args.context.session.getSnapshot())
    if (user) markCookiesAccepted(user.id)
  },
  component: Shell,
})
