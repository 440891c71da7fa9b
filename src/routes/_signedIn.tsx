import { createFileRoute } from '@tanstack/react-router'
import { Shell } from '../views/shell/Shell'
import { requireSignedIn } from './-guards'

export const Route = createFileRoute('/_signedIn')({
  beforeLoad: requireSignedIn,
  component: Shell,
})
