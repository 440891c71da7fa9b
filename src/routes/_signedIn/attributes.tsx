import { createFileRoute } from '@tanstack/react-router'
import { AttributesPage } from '../../areas/attributes/views/AttributesPage'

export const Route = createFileRoute('/_signedIn/attributes')({
  component: AttributesPage,
})
