import { Badge, Button, Card, Code, DataList, Flex, Heading } from '@radix-ui/themes'
import type { ApiToken } from '../../../../schema/access'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import type { TokenStatus } from '../machines/tokenList.messages'
import { carriesWords, STATUS_WORDS } from './tokenText'

type Props = {
  token: ApiToken
  status: TokenStatus
  canRevoke: boolean
  onRevoke: () => void
}

const lastUsed = (token: ApiToken) => {
  if (token.lastUsedAt === null) return 'Never'
  const when = formatDateTime(token.lastUsedAt)
  return token.lastUsedFrom ? `${when} from ${token.lastUsedFrom}` : when
}

/**
 * One token: its name and status, and Revoke while it is active; then its prefix, what it carries,
 * its group scope, when it was made and ends, and when and from where it was last used.
 */
export function TokenCard({ token, status, canRevoke, onRevoke }: Props) {
  const words = STATUS_WORDS[status]
  return (
    <Card asChild size="2">
      <li aria-label={token.name}>
        <Flex justify="between" align="start" gap="3" mb="3" wrap="wrap">
          <Flex align="center" gap="2" minWidth="0" wrap="wrap">
            <Heading as="h3" size="3" style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Heading>
            <Badge color={words.color}>{words.label}</Badge>
          </Flex>
          {status === 'active' && (
            <Button
              size="1"
              color="red"
              variant="soft"
              disabled={!canRevoke}
              aria-label={`Revoke ${token.name}`}
              onClick={onRevoke}
            >
              Revoke
            </Button>
          )}
        </Flex>
        <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label minWidth="120px">Prefix</DataList.Label>
            <DataList.Value>
              <Code variant="ghost">{token.prefix}…</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Carries</DataList.Label>
            <DataList.Value>{carriesWords(token)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Users</DataList.Label>
            <DataList.Value>
              {token.group ? `Group ${token.group.name}` : 'All users'}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Created</DataList.Label>
            <DataList.Value>{formatDateTime(token.createdAt)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">
              {status === 'expired' ? 'Expired' : 'Expires'}
            </DataList.Label>
            <DataList.Value>{formatDateTime(token.expiresAt)}</DataList.Value>
          </DataList.Item>
          {token.revokedAt && (
            <DataList.Item>
              <DataList.Label minWidth="120px">Revoked</DataList.Label>
              <DataList.Value>{formatDateTime(token.revokedAt)}</DataList.Value>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.Label minWidth="120px">Last used</DataList.Label>
            <DataList.Value>{lastUsed(token)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </li>
    </Card>
  )
}
