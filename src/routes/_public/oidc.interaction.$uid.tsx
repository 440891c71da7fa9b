import { createFileRoute } from '@tanstack/react-router'
import { ServiceSignInPage } from '../../areas/sign-in/views/ServiceSignInPage'

// A service's sign-in (docs/sso.md): signed in or not, the provider sends the browser here.
export const Route = createFileRoute('/_public/oidc/interaction/$uid')({
  component: function ServiceSignInRoute() {
    const { uid } = Route.useParams()
    return <ServiceSignInPage key={uid} uid={uid} />
  },
})
