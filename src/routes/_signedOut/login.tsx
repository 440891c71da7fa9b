import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../../views/login/LoginScreen'

export const Route = createFileRoute('/_signedOut/login')({ component: () => <LoginScreen /> })
