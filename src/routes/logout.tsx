import { createFileRoute } from '@tanstack/react-router'
import { logOut } from './-guards'

export const Route = createFileRoute('/logout')({ beforeLoad: logOut })
