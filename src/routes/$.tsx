import { createFileRoute } from '@tanstack/react-router'
import { redirectUnknownPath } from './-guards'

/** Any path no route claims: Home (which says so) or the login. */
export const Route = createFileRoute('/$')({ beforeLoad: redirectUnknownPath })
