import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { newRespondentId } from '../../areas/attributes/views/treeDemo/respondent'
import { TreeDemoPage } from '../../areas/attributes/views/treeDemo/TreeDemoPage'

// The address's schema, { root: Id, ref?: 1 to 200 characters }, checked by hand: this part of the
// route is in the first load, and TypeBox's checker is not (docs/console-first-load.md). The uuid
// pattern is TypeBox's own (its 'uuid' format, which schema/common.ts's Id uses).
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i
const isRef = (ref: unknown) =>
  ref === undefined || (typeof ref === 'string' && ref.length >= 1 && ref.length <= 200)

/** /attributes/demo?root={association id}&ref={reference id}: the whole-tree demo of one root. */
export const Route = createFileRoute('/_signedIn/attributes_/demo')({
  validateSearch: (search: Record<string, unknown>): { root: string; ref?: string } => {
    const { root, ref } = search
    if (typeof root === 'string' && UUID.test(root) && isRef(ref))
      return { root, ref: ref as string | undefined }
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
