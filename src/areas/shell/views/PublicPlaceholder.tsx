import { Button, Flex, Heading } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'

/** Forgot and reset password arrive in issue 4; until then their header and a way back. */
export function PublicPlaceholder({ title }: { title: string }) {
  return (
    <Flex direction="column" gap="4" align="center">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      <Button asChild variant="ghost">
        <Link to="/login">login page</Link>
      </Button>
    </Flex>
  )
}
