import { Box, Flex, Text } from '@radix-ui/themes'
import { ServiceDetail } from './detail/ServiceDetail'

/** The detail side of the screen: the selected service, or a prompt to pick one (SPEC.md §2). */
export function DetailPane({ id, wide }: { id: string | undefined; wide: boolean }) {
  return (
    <Box
      asChild
      flexGrow="1"
      minWidth="0"
      overflowY={wide ? 'auto' : undefined}
      pl={wide ? '4' : undefined}
      style={wide ? { boxShadow: 'inset 1px 0 var(--gray-a5)' } : undefined}
    >
      <section aria-label="Service detail">
        {id ? (
          <ServiceDetail id={id} />
        ) : (
          <Flex align="center" justify="center" height="100%" p="6">
            <Text color="gray" size="3">
              Make a Selection From the List
            </Text>
          </Flex>
        )}
      </section>
    </Box>
  )
}
