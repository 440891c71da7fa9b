import { Card, Flex, Heading } from '@radix-ui/themes'
import { useId, type ComponentProps, type ReactNode } from 'react'

type Props = {
  title: ReactNode
  /** The heading's level in the page: h2 on a page's own cards, h3 under a page heading. */
  as?: 'h2' | 'h3'
  headingSize?: '3' | '4'
  size?: ComponentProps<typeof Card>['size']
  gap?: '2' | '3' | '4'
  children: ReactNode
}

/** A Radix Card holding one `section`, named for screen readers by its heading. */
export function CardSection({
  title,
  as = 'h2',
  headingSize = '4',
  size = { initial: '2', sm: '3' },
  gap = '3',
  children,
}: Props) {
  const id = useId()
  return (
    <Card size={size}>
      <Flex direction="column" gap={gap} asChild>
        <section aria-labelledby={id}>
          <Heading as={as} size={headingSize} id={id}>
            {title}
          </Heading>
          {children}
        </section>
      </Flex>
    </Card>
  )
}
