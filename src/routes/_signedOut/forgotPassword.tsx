import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordScreen } from '../../views/password/ForgotPasswordScreen'

// Route matching is case-insensitive, so the /forgotpassword spelling lands here too.
export const Route = createFileRoute('/_signedOut/forgotPassword')({
  component: () => <ForgotPasswordScreen />,
})
