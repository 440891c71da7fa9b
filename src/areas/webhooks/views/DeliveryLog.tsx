import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { DeliveriesActor, DeliveriesSnapshot } from '../machines/webhookDeliveries.machine'
import {
  selectCanLoadMore,
  selectDeliveries,
  selectHasMore,
  selectLoadingOlder,
  selectLogError,
  selectLogIdle,
  selectLogLoading,
  selectLogUnavailable,
  selectRefreshing,
} from '../machines/webhookPage.selectors'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { CardSection } from '../../../kit/views/section/CardSection'
import { AttemptsDialog } from './AttemptsDialog'
import { DeliveryRows } from './DeliveryRows'

const selectLog = (s: DeliveriesSnapshot) => ({
  deliveries: selectDeliveries(s),
  loading: selectLogLoading(s),
  unavailable: selectLogUnavailable(s),
  error: selectLogError(s),
  refreshing: selectRefreshing(s),
  idle: selectLogIdle(s),
  more: selectHasMore(s),
  loadingOlder: selectLoadingOlder(s),
  canLoadMore: selectCanLoadMore(s),
})

/**
 * The delivery log: newest first, each with its attempts and Replay; Refresh and 'Load older'.
 * The chart reads it again by itself while a delivery is unfinished.
 */
export function DeliveryLog({ actor }: { actor: DeliveriesActor }) {
  const log = useSelector(actor, selectLog, shallowEqual)
  const wide = useMediaQuery(MEDIA.desktop)
  return (
    <CardSection title="Deliveries">
      <Flex align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray" style={{ flex: 1, minWidth: 200 }}>
          Each event sent to this endpoint, newest first. A delivery that fails is retried for up to
          a day.
        </Text>
        <Button
          variant="soft"
          disabled={!log.idle}
          loading={log.refreshing}
          onClick={() => actor.send({ type: 'deliveries.refresh' })}
        >
          Refresh
        </Button>
      </Flex>
      {log.loading && <Reading message="Loading the deliveries…" />}
      {log.unavailable && (
        <ReadFailure
          message="The deliveries could not be loaded"
          error={log.unavailable}
          onRetry={() => actor.send({ type: 'deliveries.retry' })}
        />
      )}
      {log.error && <ErrorCallout message={`The deliveries could not be read: ${log.error}`} />}
      {!log.loading && !log.unavailable && log.deliveries.length === 0 && (
        <Text as="p" size="2" color="gray">
          No deliveries yet. Send a test event to see one.
        </Text>
      )}
      {log.deliveries.length > 0 && (
        <DeliveryRows
          deliveries={log.deliveries}
          wide={wide}
          idle={log.idle}
          onOpen={(delivery) => actor.send({ type: 'deliveries.open', delivery })}
          onReplay={(delivery) => actor.send({ type: 'deliveries.replay', delivery })}
        />
      )}
      {log.more && (
        <Flex>
          <Button
            variant="soft"
            disabled={!log.canLoadMore}
            loading={log.loadingOlder}
            onClick={() => actor.send({ type: 'deliveries.loadMore' })}
          >
            Load older
          </Button>
        </Flex>
      )}
      <AttemptsDialog actor={actor} />
    </CardSection>
  )
}
