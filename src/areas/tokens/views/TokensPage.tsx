import { PlusIcon } from '@radix-ui/react-icons'
import { Button, Code, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Permission } from '../../../../schema/permissions'
import { tokensPageMachine, type TokensPageActor } from '../machines/tokensPage.machine'
import { selectUser } from '../../../kit/session/session.selectors'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { useSession } from '../../../kit/views/actors/sessionContext'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { NewTokenDialog } from './NewTokenDialog'
import { TokenList } from './TokenList'
import { TokenSecretDialog } from './TokenSecretDialog'

/** The API tokens screen around its page machine: the list and the New token dialog. */
export function TokensView({ page }: { page: TokensPageActor }) {
  const parts = usePageParts(page)
  if (!parts) return null
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="API tokens">
        <Button ml="auto" onClick={() => parts.dialog.send({ type: 'newToken.open' })}>
          <PlusIcon aria-hidden /> New token
        </Button>
      </PageHeader>
      <Text as="p" size="2" color="gray">
        Scripts and other systems call the Gatehouse API with a token as{' '}
        <Code variant="ghost">Authorization: Bearer &lt;token&gt;</Code>. A token carries no more
        than you hold, and works until it expires or you revoke it.
      </Text>
      <TokenList actor={parts.list} />
      <NewTokenDialog actor={parts.dialog} />
      <TokenSecretDialog actor={parts.dialog} />
    </Flex>
  )
}

const selectHeld = (s: Parameters<typeof selectUser>[0]): Permission[] =>
  selectUser(s)?.permissions ?? []

/** /tokens (any signed-in person): their own API tokens. */
export function TokensPage() {
  const held = useSelector(useSession(), selectHeld)
  const page = useScreenActor(tokensPageMachine, { input: { held } })
  return page ? <TokensView page={page} /> : null
}
