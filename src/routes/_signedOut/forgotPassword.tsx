import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordScreen } from '../../areas/sign-in/views/ForgotPasswordScreen'

// Route matching is case-insensitive, so the /forgotpassword spelling lands here too.
export const Route = createFileRoute('/_signedOut/forgotPassword')({
  component: () => <ForgotPasswordScreen />,
})
