/** The detail pane of one service (SPEC.md §2 'Services'). Filled in by the detail work. */
export function ServiceDetail(_props: { id: string }) {
  return null
}
