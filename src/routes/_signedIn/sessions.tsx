import { createFileRoute } from '@tanstack/react-router'
import { SessionsPage } from '../../views/sessions/SessionsPage'

export const Route = createFileRoute('/_signedIn/sessions')({ component: SessionsPage })
