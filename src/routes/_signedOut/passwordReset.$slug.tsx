import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetScreen } from '../../areas/sign-in/views/PasswordResetScreen'

export const Route = createFileRoute('/_signedOut/passwordReset/$slug')({
  component: function PasswordResetRoute() {
    const { slug } = Route.useParams()
    // A new link is a new flow: the key restarts the statechart when the slug changes.
    return <PasswordResetScreen key={slug} slug={slug} />
  },
})
