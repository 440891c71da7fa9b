import { Code, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { DeliveriesActor, DeliveriesSnapshot } from '../machines/webhookDeliveries.machine'
import {
  selectAttempts,
  selectAttemptsError,
  selectAttemptsLoading,
  selectOpened,
} from '../machines/webhookPage.selectors'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { Reading } from '../../../kit/views/page/ReadStatus'
import { DeliveryStatusBadge } from './DeliveryRows'
import { durationWords } from './webhookText'

const selectDialog = (s: DeliveriesSnapshot) => ({
  delivery: selectOpened(s),
  attempts: selectAttempts(s),
  error: selectAttemptsError(s),
  loading: selectAttemptsLoading(s),
})

/** A delivery's attempts, oldest first: when, the answer's code, how long, the error, the body. */
export function AttemptsDialog({ actor }: { actor: DeliveriesActor }) {
  const { delivery, attempts, error, loading } = useSelector(actor, selectDialog, shallowEqual)
  const close = () => actor.send({ type: 'deliveries.close' })
  return (
    <DialogFrame
      open={delivery !== null}
      onClose={close}
      returnFocus
      title={`Attempts of ${delivery?.eventType ?? ''}`}
      description={
        delivery
          ? `Delivery ${delivery.eventId}, queued ${formatDateTime(delivery.createdAt)}.`
          : ''
      }
      maxWidth={{ initial: '100%', xs: '640px' }}
    >
      <Flex direction="column" gap="3">
        {delivery && (
          <Flex>
            <DeliveryStatusBadge delivery={delivery} />
          </Flex>
        )}
        {loading && <Reading message="Loading the attempts…" />}
        {error && <ErrorCallout message={`The attempts could not be loaded: ${error}`} />}
        {attempts?.length === 0 && (
          <Text as="p" size="2" color="gray">
            No attempt yet: it is waiting in the queue.
          </Text>
        )}
        {attempts && attempts.length > 0 && (
          <Flex asChild direction="column" gap="3">
            <ol aria-label="Attempts" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {attempts.map((attempt, i) => (
                <li key={`${attempt.at}-${i}`}>
                  <Heading as="h3" size="2" mb="1">
                    Attempt {i + 1}, {formatDateTime(attempt.at)}
                  </Heading>
                  <DataList.Root size="1">
                    <DataList.Item>
                      <DataList.Label minWidth="100px">Code</DataList.Label>
                      <DataList.Value>{attempt.code ?? 'No answer'}</DataList.Value>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.Label minWidth="100px">Duration</DataList.Label>
                      <DataList.Value>{durationWords(attempt.durationMs)}</DataList.Value>
                    </DataList.Item>
                    {attempt.error && (
                      <DataList.Item>
                        <DataList.Label minWidth="100px">Error</DataList.Label>
                        <DataList.Value style={{ overflowWrap: 'anywhere' }}>
                          {attempt.error}
                        </DataList.Value>
                      </DataList.Item>
                    )}
                    {attempt.responseExcerpt && (
                      <DataList.Item>
                        <DataList.Label minWidth="100px">Answer</DataList.Label>
                        <DataList.Value>
                          <Code
                            variant="ghost"
                            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                          >
                            {attempt.responseExcerpt}
                          </Code>
                        </DataList.Value>
                      </DataList.Item>
                    )}
                  </DataList.Root>
                </li>
              ))}
            </ol>
          </Flex>
        )}
        <DialogActions cancelLabel="Close" onCancel={close} />
      </Flex>
    </DialogFrame>
  )
}
