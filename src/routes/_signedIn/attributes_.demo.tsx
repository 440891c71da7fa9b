import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import Type from 'typebox'
import Value from 'typebox/value'
import { Id } from '../../../schema/common'
import { Guarded } from '../../views/guard/Guarded'
import { newRespondentId, TreeDemoPage } from '../../views/attributes/treeDemo/TreeDemoPage'

const DemoSearch = Type.Object({
  root: Id,
  ref: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
})

/** /attributes/demo?root={association id}&ref={reference id}: the whole-tree demo of one root. */
export const Route = createFileRoute('/_signedIn/attributes_/demo')({
  validateSearch: (search: Record<string, unknown>): { root: string; ref?: string } => {
    const picked = { root: search.root, ref: search.ref }
    if (Value.Check(DemoSearch, picked)) return picked
    return { root: typeof search.root === 'string' ? search.root : '' }
  },
  // A respondent of its own in the address, so that a reload finds the same answers.
  beforeLoad: ({ search }) => {
    if (!search.ref)
      // TanStack Router redirects by throwing redirect(), which is not an Error by design.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw redirect({
        to: '/attributes/demo',
        search: { root: search.root, ref: newRespondentId() },
        replace: true,
      })
  },
  component: DemoRoute,
})

function DemoRoute() {
  const { root, ref } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const refId = ref ?? ''
  return (
    <Guarded permission="attributes.read">
      <TreeDemoPage
        key={root}
        rootId={root}
        refId={refId}
        onRespondent={(next) => void navigate({ search: { root, ref: next }, replace: true })}
      />
    </Guarded>
  )
}
