import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../../areas/sign-in/views/LoginScreen'

export const Route = createFileRoute('/_signedOut/login')({ component: () => <LoginScreen /> })
