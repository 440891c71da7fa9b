import { createFileRoute } from '@tanstack/react-router'
import { redirectToStart } from './-guards'

export const Route = createFileRoute('/')({ beforeLoad: redirectToStart })
