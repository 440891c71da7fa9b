import { createFileRoute } from '@tanstack/react-router'
import { Shell } from '../areas/shell/views/Shell'
import { requirePasswordCurrent, requireSignedIn } from './-guards'

export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async (args) => {
    await requireSignedIn(args)
    requirePasswordCurrent(args)
  },
  component: Shell,
})
