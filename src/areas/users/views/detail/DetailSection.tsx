import { Card, Flex, Heading } from '@radix-ui/themes'
import { useId, type ReactNode } from 'react'

/** One card of the user detail: a `section` named by its h3 ('Profile', 'Access', …). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <Flex direction="column" gap="3" asChild>
        <section aria-labelledby={id}>
          <Heading as="h3" size="4" id={id}>
            {title}
          </Heading>
          {children}
        </section>
      </Flex>
    </Card>
  )
}
