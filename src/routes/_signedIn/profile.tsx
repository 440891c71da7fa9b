import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../views/profile/ProfilePage'

export const Route = createFileRoute('/_signedIn/profile')({ component: ProfilePage })
