import { Card, Flex, Heading } from '@radix-ui/themes'
import { useId, type ComponentProps, type ReactNode } from 'react'

type SectionProps = {
  title: ReactNode
  /** The heading's level in the page: h2 on a page's own sections, h3 under a page heading. */
  as?: 'h2' | 'h3'
  headingSize?: '3' | '4'
  gap?: '2' | '3' | '4'
  children: ReactNode
}

/** A `section` under its heading, named for screen readers by it. */
export function HeadedSection({
  title,
  as = 'h2',
  headingSize = '4',
  gap = '3',
  children,
}: SectionProps) {
  const id = useId()
  return (
    <Flex direction="column" gap={gap} asChild>
      <section aria-labelledby={id}>
        <Heading as={as} size={headingSize} id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Flex>
  )
}

/** A Radix Card holding one HeadedSection. */
export function CardSection({
  size = { initial: '2', sm: '3' },
  ...section
}: SectionProps & { size?: ComponentProps<typeof Card>['size'] }) {
  return (
    <Card size={size}>
      <HeadedSection {...section} />
    </Card>
  )
}
