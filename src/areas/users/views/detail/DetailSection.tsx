import type { ReactNode } from 'react'
import { CardSection } from '../../../../kit/views/section/CardSection'

/** One card of the user detail: a `section` named by its h3 ('Profile', 'Access', …). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection title={title} as="h3">
      {children}
    </CardSection>
  )
}
