import { createFileRoute } from '@tanstack/react-router'
import { AttributesPage } from '../../views/attributes/AttributesPage'

export const Route = createFileRoute('/_signedIn/attributes')({
  component: AttributesPage,
})
