import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

export const Route = createFileRoute('/_signedIn/users/$id')({
  component: () => <PlaceholderPage title="Users" />,
})
