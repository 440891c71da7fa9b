import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { QueueMessage } from '../../../../schema/queue'
import {
  queueListMachine,
  type QueueListActor,
  type QueueListSnapshot,
} from '../machines/queueList.machine'
import { confirmWords } from '../machines/queueList.messages'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { HeadedSection } from '../../../kit/views/section/CardSection'
import { LockedAccounts, type Can } from './LockedAccounts'
import { MessageRows } from './MessageRows'
import { QueueFilters } from './QueueFilters'
import {
  selectFilter,
  selectMessages,
  selectAttention,
  selectLoading,
  selectFailed,
  selectError,
  selectHasMore,
  selectLoadingMore,
  selectCanLoadMore,
  selectActing,
  selectRefreshing,
  selectRequest,
  selectDialogOpen,
  selectActingNow,
} from '../machines/queueList.selectors'

const count = (n: number) => n.toLocaleString('en-US')

/** A sub-heading of Needs staff with how many it lists: 'Locked accounts (39)'. */
function Counted({ title, n }: { title: string; n: number }) {
  return (
    <Heading as="h3" size="3">
      {title} ({count(n)})
    </Heading>
  )
}

/**
 * What needs staff: locked accounts (a table with checkboxes and 'Unlock N accounts') and
 * messages that gave up. With nothing to do it says what would appear here.
 */
function NeedsStaff({ actor, can, wide }: { actor: QueueListActor; can: Can; wide: boolean }) {
  const { locked, givenUp } = useSelector(actor, selectAttention)
  const loading = useSelector(actor, selectLoading)
  const failed = useSelector(actor, selectFailed)
  const busy = useSelector(actor, selectActing)
  const empty = locked.length === 0 && givenUp.length === 0
  // While reading (again) or after a failed read, what was read before stays; before the first
  // read, or when it failed, 'Nothing needs staff' would be a guess.
  if (empty && (loading || failed)) return null
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <HeadedSection title="Needs staff">
        {empty && (
          <Text as="p" size="2" color="gray">
            Nothing needs staff now. Accounts locked after repeated failed sign-ins, and messages
            that gave up after their last attempt, appear here.
          </Text>
        )}
        {locked.length > 0 && (
          <Flex direction="column" gap="2">
            <Counted title="Locked accounts" n={locked.length} />
            <LockedAccounts actor={actor} can={can} wide={wide} />
          </Flex>
        )}
        {givenUp.length > 0 && (
          <Flex direction="column" gap="2">
            <Counted title="Messages that gave up" n={givenUp.length} />
            <Text size="2" color="gray">
              These messages gave up after their last attempt; retry them once the cause is fixed.
            </Text>
            <MessageRows
              messages={givenUp}
              label="Messages that gave up"
              wide={wide}
              {...(can.write ? { actions: actionsFor(actor, busy) } : {})}
            />
          </Flex>
        )}
      </HeadedSection>
    </Card>
  )
}

const actionsFor = (actor: QueueListActor, busy: boolean) => ({
  busy,
  retry: (message: QueueMessage) =>
    actor.send({ type: 'queue.request', request: { action: 'retry', message } }),
  cancel: (message: QueueMessage) =>
    actor.send({ type: 'queue.request', request: { action: 'cancel', message } }),
})

const selectMessagesView = (s: QueueListSnapshot) => ({
  messages: selectMessages(s),
  loading: selectLoading(s),
  failed: selectFailed(s),
  error: selectError(s),
  hasMore: selectHasMore(s),
  loadingMore: selectLoadingMore(s),
  canLoadMore: selectCanLoadMore(s),
  busy: selectActing(s),
  filter: selectFilter(s),
})

function Messages({ actor, can, wide }: { actor: QueueListActor; can: Can; wide: boolean }) {
  const { messages, loading, failed, error, hasMore, loadingMore, canLoadMore, busy, filter } =
    useSelector(actor, selectMessagesView, shallowEqual)
  const filtered = filter.status !== 'all' || filter.channel !== 'all'
  return (
    <HeadedSection title="Messages">
      <QueueFilters actor={actor} />
      {loading && <Reading message="Loading the queue…" />}
      {error && (
        <ReadFailure
          message={failed ? 'The queue could not be loaded' : 'The queue could not be read again'}
          error={error}
          onRetry={failed ? () => actor.send({ type: 'queue.reload' }) : undefined}
        />
      )}
      {!loading && !failed && messages.length === 0 && (
        <Flex direction="column" gap="1">
          <Text as="p" size="2" weight="medium">
            {filtered ? 'No messages match these filters.' : 'No messages yet.'}
          </Text>
          <Text as="p" size="2" color="gray">
            {filtered
              ? 'Choose All statuses and All channels to see every message.'
              : 'Email and text messages that Gatehouse sends (password reset links, security codes, invitations, unlock notices) and webhook deliveries appear here while they are delivered, and stay listed afterwards.'}
          </Text>
        </Flex>
      )}
      {!loading && messages.length > 0 && (
        <MessageRows
          messages={messages}
          label="Outbound messages"
          wide={wide}
          {...(can.write ? { actions: actionsFor(actor, busy) } : {})}
        />
      )}
      {!loading && hasMore && messages.length > 0 && (
        <Flex justify="center">
          <Button
            variant="soft"
            size="2"
            loading={loadingMore}
            disabled={!canLoadMore}
            onClick={() => actor.send({ type: 'queue.loadMore' })}
          >
            Load older
          </Button>
        </Flex>
      )}
    </HeadedSection>
  )
}

function QueueDialog({ actor }: { actor: QueueListActor }) {
  const open = useSelector(actor, selectDialogOpen)
  const request = useSelector(actor, selectRequest)
  const acting = useSelector(actor, selectActingNow)
  const words = request && request.action !== 'retry' ? confirmWords(request) : null
  return (
    <ConfirmDialog
      open={open}
      title={words?.title ?? ''}
      text={words?.text ?? ''}
      action={words?.action ?? ''}
      color={request?.action === 'cancel' ? 'red' : undefined}
      busy={acting}
      error={null}
      canConfirm={!acting}
      canCancel={!acting}
      onConfirm={() => actor.send({ type: 'queue.confirm' })}
      onCancel={() => actor.send({ type: 'queue.dismiss' })}
    />
  )
}

/** The Queue screen around its statechart. */
export function QueueView({ actor, can }: { actor: QueueListActor; can: Can }) {
  const wide = useMediaQuery(MEDIA.desktop)
  const refreshing = useSelector(actor, selectRefreshing)
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Queue">{refreshing && <Spinner aria-label="Updating" />}</PageHeader>
      <NeedsStaff actor={actor} can={can} wide={wide} />
      <Messages actor={actor} can={can} wide={wide} />
      <QueueDialog actor={actor} />
    </Flex>
  )
}

/** /queue (INTERNAL staff, queue.read): outbound mail and text messages, and what needs staff. */
export function QueuePage() {
  const actor = useScreenActor(queueListMachine, { input: {} })
  const write = useAccess({ type: 'INTERNAL', permission: 'queue.write' })
  const unlock = useAccess({ permission: 'users.write' })
  const logs = useAccess({ permission: 'logs.read' })
  if (!actor) return null
  return <QueueView actor={actor} can={{ write, unlock, logs }} />
}
