import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '../../areas/account/views/password/ChangePasswordPage'

export const Route = createFileRoute('/_signedIn/password')({ component: ChangePasswordPage })
