import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '../../views/password/ChangePasswordPage'

export const Route = createFileRoute('/_signedIn/password')({ component: ChangePasswordPage })
