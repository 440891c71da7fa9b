import { createFileRoute } from '@tanstack/react-router'
import { LazyUsersPage } from '../-listPages'

// /users and /users/$id render the same component, unsplit (as Services): picking a user keeps
// the list, its scroll position, the drawer and the selection. The page sits behind users.read.
export const Route = createFileRoute('/_signedIn/users/')({
  codeSplitGroupings: [],
  component: LazyUsersPage,
})
