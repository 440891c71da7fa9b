import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailPage } from '../../areas/sign-in/views/VerifyEmailPage'

export const Route = createFileRoute('/_public/verifyEmail/$token')({
  component: function VerifyEmailRoute() {
    const { token } = Route.useParams()
    // A new link is a new flow: the key restarts the statechart when the token changes.
    return <VerifyEmailPage key={token} token={token} />
  },
})
