import { createFileRoute } from '@tanstack/react-router'
import { LazyUsersPage } from '../-listPages'

// The same component as /users, unsplit (see users.index.tsx): selecting keeps the list.
export const Route = createFileRoute('/_signedIn/users/$id')({
  codeSplitGroupings: [],
  component: LazyUsersPage,
})
