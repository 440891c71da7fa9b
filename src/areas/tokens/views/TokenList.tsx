import { Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { TokenListActor, TokenListSnapshot } from '../machines/tokenList.machine'
import { revokeWords } from '../machines/tokenList.messages'
import {
  selectCanRevoke,
  selectLoading,
  selectReadError,
  selectRevoking,
  selectStatuses,
  selectTokens,
} from '../machines/tokenList.selectors'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { TokenCard } from './TokenCard'

const selectList = (s: TokenListSnapshot) => ({
  tokens: selectTokens(s),
  loading: selectLoading(s),
  readError: selectReadError(s),
  canRevoke: selectCanRevoke(s),
  statuses: selectStatuses(s),
})

/** The caller's tokens, newest first, each with Revoke while active; or why there are none. */
export function TokenList({ actor }: { actor: TokenListActor }) {
  const { tokens, loading, readError, canRevoke, statuses } = useSelector(
    actor,
    selectList,
    (a, b) => shallowEqual({ ...a, statuses: null }, { ...b, statuses: null }),
  )
  return (
    <>
      {loading && <Reading message="Loading your tokens…" />}
      {readError && (
        <ReadFailure
          message="Your tokens could not be loaded"
          error={readError}
          onRetry={() => actor.send({ type: 'tokens.retry' })}
        />
      )}
      {!loading && !readError && tokens.length === 0 && (
        <Flex direction="column" gap="1">
          <Text as="p" size="2" weight="medium">
            No tokens yet.
          </Text>
          <Text as="p" size="2" color="gray">
            A token lets a script call the Gatehouse API with some of your permissions, until it
            expires or you revoke it. Choose New token to make one.
          </Text>
        </Flex>
      )}
      {tokens.length > 0 && (
        <Flex asChild direction="column" gap="3">
          <ul aria-label="Your API tokens" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {tokens.map((token) => (
              <TokenCard
                key={token.id}
                token={token}
                status={statuses[token.id] ?? 'active'}
                canRevoke={canRevoke}
                onRevoke={() => actor.send({ type: 'tokens.revoke', token })}
              />
            ))}
          </ul>
        </Flex>
      )}
      <RevokeDialog actor={actor} />
    </>
  )
}

function RevokeDialog({ actor }: { actor: TokenListActor }) {
  const confirm = useConfirm(actor, { type: 'tokens.confirm' }, { type: 'tokens.cancel' })
  const revoking = useSelector(actor, selectRevoking)
  const words = revoking ? revokeWords(revoking) : { title: '', text: '', action: 'Revoke token' }
  return (
    <ConfirmDialog
      {...confirm}
      title={words.title}
      text={words.text}
      action={words.action}
      color="red"
    />
  )
}
