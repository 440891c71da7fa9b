import { PageHeader } from './PageHeader'

/** Screens that later issues build show their header until then (issue 2). */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageHeader title={title} />
}
