import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../areas/shell/views/home/HomePage'

export const Route = createFileRoute('/_signedIn/home')({ component: HomePage })
