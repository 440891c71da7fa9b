import { createFileRoute } from '@tanstack/react-router'
import { PublicPlaceholder } from '../../views/public/PublicPlaceholder'

// Route matching is case-insensitive, so the /forgotpassword spelling lands here too.
export const Route = createFileRoute('/_signedOut/forgotPassword')({
  component: () => <PublicPlaceholder title="Forgot Password" />,
})
