import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

export const Route = createFileRoute('/_signedIn/sessions')({
  component: () => <PlaceholderPage title="Sessions" />,
})
