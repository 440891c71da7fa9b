import { Box, Card, Flex } from '@radix-ui/themes'
import { Outlet } from '@tanstack/react-router'
import { Logo } from '../../../kit/views/brand/Logo'

/** The signed-out screens: one centred card under the logo, the page's main landmark. */
export function PublicLayout() {
  return (
    <Flex
      asChild
      direction="column"
      align="center"
      justify="center"
      gap="5"
      p="4"
      minHeight="100vh"
    >
      <main>
        <Logo size={64} title="Gatehouse" />
        <Box width="100%" maxWidth="420px">
          <Card size="4">
            <Outlet />
          </Card>
        </Box>
      </main>
    </Flex>
  )
}
