import { Flex, Text } from '@radix-ui/themes'
import { useId, type ComponentProps, type ReactNode } from 'react'

type Props = {
  /** The small title over the section's controls: 'Logo', 'Visage', 'Options'. */
  title: ReactNode
  /** How the title reads: a field's label (medium), a list's (bold), or a quiet gray one. */
  titleStyle?: Pick<ComponentProps<typeof Text>, 'as' | 'weight' | 'color'>
  gap?: '2' | '3'
  children: ReactNode
}

/** A `section` of a form or a card with more than one control, named by its small title. */
export function TitledSection({ title, titleStyle, gap = '3', children }: Props) {
  const id = useId()
  return (
    <Flex direction="column" gap={gap} asChild>
      <section aria-labelledby={id}>
        <Text id={id} size="2" {...titleStyle}>
          {title}
        </Text>
        {children}
      </section>
    </Flex>
  )
}
