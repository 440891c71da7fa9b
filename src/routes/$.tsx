import { createFileRoute } from '@tanstack/react-router'
import { redirectToStart } from './-guards'

/** Any path no route claims. */
export const Route = createFileRoute('/$')({ beforeLoad: redirectToStart })
