import { createFileRoute } from '@tanstack/react-router'
import { PublicPlaceholder } from '../../views/public/PublicPlaceholder'

export const Route = createFileRoute('/_signedOut/passwordReset/$slug')({
  component: () => <PublicPlaceholder title="Password Reset" />,
})
