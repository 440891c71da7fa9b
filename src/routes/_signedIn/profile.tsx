import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../areas/account/views/ProfilePage'

export const Route = createFileRoute('/_signedIn/profile')({ component: ProfilePage })
