import { createFileRoute } from '@tanstack/react-router'
import { PublicLayout } from '../areas/shell/views/PublicLayout'
import { requireSignedOut } from './-guards'
import { validateRedirectSearch } from './-redirect'

export const Route = createFileRoute('/_signedOut')({
  validateSearch: validateRedirectSearch,
  beforeLoad: requireSignedOut,
  component: PublicLayout,
})
