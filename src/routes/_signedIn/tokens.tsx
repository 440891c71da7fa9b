import { createFileRoute } from '@tanstack/react-router'
import { TokensPage } from '../../areas/tokens/views/TokensPage'

// Any signed-in person: the tokens listed and made are their own, never more than they hold.
export const Route = createFileRoute('/_signedIn/tokens')({ component: TokensPage })
