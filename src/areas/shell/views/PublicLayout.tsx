import { Box, Card, Flex } from '@radix-ui/themes'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { Logo } from '../../../kit/views/brand/Logo'
import { pageTitle, useDocumentTitle } from '../../../kit/views/page/pageTitle'

const selectPathname = (state: { location: { pathname: string } }) => state.location.pathname

/** The signed-out screens: one centred card under the logo, the page's main landmark. */
export function PublicLayout() {
  useDocumentTitle(pageTitle(useRouterState({ select: selectPathname })))
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
