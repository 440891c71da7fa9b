import { createFileRoute } from '@tanstack/react-router'
import { PublicLayout } from '../areas/shell/views/PublicLayout'

// The pages a mailed link opens whether or not someone is signed in on this browser: the signed-out
// card, with no guard (docs/console-routing.md).
export const Route = createFileRoute('/_public')({ component: PublicLayout })
