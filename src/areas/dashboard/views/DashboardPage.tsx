import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { Button, Card, Flex, Grid, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { DashboardResults } from '../../../../schema/dashboard'
import {
  dashboardMachine,
  type DashboardActor,
  type DashboardSnapshot,
} from '../machines/dashboard.machine'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { MessageView } from '../../../kit/views/message/MessageView'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { CardSection } from '../../../kit/views/section/CardSection'
import { SignInChart } from './SignInChart'
import {
  selectFigures,
  selectLoading,
  selectFailed,
  selectError,
  selectRefreshing,
  selectCanRefresh,
} from '../machines/dashboard.selectors'

export const DESKTOP_ONLY = 'The dashboard is available on larger screens.'

/** One figure as a Radix Card: a section named by its heading. */
function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection title={title} headingSize="3" size="2" gap="2">
      {children}
    </CardSection>
  )
}

const Big = ({ children }: { children: ReactNode }) => (
  <Text as="p" size="7" weight="bold">
    {children}
  </Text>
)

const FACTOR_FIGURES = [
  ['authenticator', 'Authenticator app'],
  ['sms', 'Text message'],
  ['passkey', 'Passkey'],
  ['none', 'No second factor'],
] as const

/** How many enabled accounts have each second factor, and how many have none (issue 28). */
function SecondFactors({ factors }: { factors: DashboardResults['factors'] }) {
  return (
    <Figure title="Second factors">
      <Grid columns={{ initial: '2', md: '4' }} gap="4" asChild>
        <dl style={{ margin: 0 }}>
          {FACTOR_FIGURES.map(([key, label]) => (
            <Flex key={key} direction="column" gap="1">
              <Text size="2" color="gray" asChild>
                <dt>{label}</dt>
              </Text>
              <Text size="7" weight="bold" asChild>
                <dd style={{ margin: 0 }}>{factors[key]}</dd>
              </Text>
            </Flex>
          ))}
        </dl>
      </Grid>
      <Text size="2" color="gray">
        Of {factors.users} enabled accounts; someone with several factors counts under each.
      </Text>
    </Figure>
  )
}

/** The two sign-in charts, side by side from md. */
const SIGN_IN_CHARTS = [
  { buckets: 'hourly', title: 'Sign-ins per hour, last 24 hours (UTC)', unit: 'hour' },
  { buckets: 'daily', title: 'Sign-ins per day, last 30 days (UTC)', unit: 'day' },
] as const

function Figures({ figures, logs }: { figures: DashboardResults; logs: boolean }) {
  const { locked, dormant, queue } = figures
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '2', md: '4' }} gap="4">
        <Figure title="Active sessions">
          <Big>{figures.activeSessions}</Big>
          <Link size="2" href="/sessions">
            Sessions
          </Link>
        </Figure>
        <Figure title="Locked accounts">
          <Big>{locked.permanent}</Big>
          <Text size="2" color="gray">
            awaiting an unlock; {locked.temporary} locked for a while
          </Text>
          {locked.permanent > 0 && (
            <Link size="2" href="/queue">
              Unlock in Queue
            </Link>
          )}
        </Figure>
        <Figure title="Dormant users">
          <Big>{dormant.never + dormant.before}</Big>
          <Text size="2" color="gray">
            no sign-in for {dormant.days} days: {dormant.never} never signed in, {dormant.before}{' '}
            not lately
          </Text>
        </Figure>
        <Figure title="Queue">
          <Big>{queue.depth}</Big>
          <Text size="2" color="gray">
            {queue.depth === 0
              ? 'messages waiting'
              : `waiting; the oldest since ${formatDateTime(queue.oldest ?? figures.at)}`}
          </Text>
          <Link size="2" href="/queue">
            Open Queue
          </Link>
        </Figure>
      </Grid>
      <SecondFactors factors={figures.factors} />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {SIGN_IN_CHARTS.map(({ buckets, title, unit }) => (
          <Card key={buckets} size="2">
            <SignInChart title={title} buckets={figures[buckets]} unit={unit} />
          </Card>
        ))}
      </Grid>
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Figure title="Sign-ins by service, last 30 days">
          {figures.services.length === 0 ? (
            <Text size="2" color="gray">
              No service has signed anyone in yet.
            </Text>
          ) : (
            <Table.Root size="1">
              <VisuallyHidden asChild>
                <caption>Sign-ins by service</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Service</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Sign-ins</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.services.map((service) => (
                  <Table.Row key={`${service.serviceId ?? ''}${service.name}`}>
                    <Table.RowHeaderCell>
                      {service.serviceId ? (
                        <Link href={`/services/${service.serviceId}`}>{service.name}</Link>
                      ) : (
                        service.name
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{service.count}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Figure>
        <Figure title="Top failing addresses, last 24 hours">
          {figures.failingAddresses.length === 0 ? (
            <Text size="2" color="gray">
              No failed sign-ins in the last 24 hours.
            </Text>
          ) : (
            <Table.Root size="1">
              <VisuallyHidden asChild>
                <caption>Top failing addresses</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Address</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Failures</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.failingAddresses.map((address) => (
                  <Table.Row key={address.ip}>
                    <Table.RowHeaderCell>
                      {logs ? (
                        <Link href={`/logs?ip=${encodeURIComponent(address.ip)}&outcome=failure`}>
                          {address.ip}
                        </Link>
                      ) : (
                        address.ip
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{address.failures}</Table.Cell>
                    <Table.Cell>{formatDateTime(address.last)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Figure>
      </Grid>
    </Flex>
  )
}

const selectView = (s: DashboardSnapshot) => ({
  figures: selectFigures(s),
  loading: selectLoading(s),
  failed: selectFailed(s),
  error: selectError(s),
  refreshing: selectRefreshing(s),
  canRefresh: selectCanRefresh(s),
})

/** The Dashboard around its statechart. */
export function DashboardView({ actor, logs }: { actor: DashboardActor; logs: boolean }) {
  const { figures, loading, failed, error, refreshing, canRefresh } = useSelector(
    actor,
    selectView,
    shallowEqual,
  )
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Dashboard">
        {figures && (
          <Button
            variant="soft"
            size="1"
            loading={refreshing}
            disabled={!canRefresh}
            onClick={() => actor.send({ type: 'dashboard.refresh' })}
          >
            Refresh
          </Button>
        )}
      </PageHeader>
      {figures && (
        <Text size="1" color="gray">
          As of {formatDateTime(figures.at)}; updates as sign-ins happen.
        </Text>
      )}
      {loading && <Reading message="Loading the dashboard…" />}
      {error && (
        <ReadFailure
          message={
            failed ? 'The dashboard could not be loaded' : 'The figures could not be read again'
          }
          error={error}
          onRetry={failed ? () => actor.send({ type: 'dashboard.retry' }) : undefined}
        />
      )}
      {figures && <Figures figures={figures} logs={logs} />}
    </Flex>
  )
}

function DashboardScreen() {
  const actor = useScreenActor(dashboardMachine)
  const logs = useAccess({ permission: 'logs.read' })
  if (!actor) return null
  return <DashboardView actor={actor} logs={logs} />
}

/** /dashboard (INTERNAL staff, dashboard.read, desktop layouts only: SPEC.md §6). */
export function DashboardPage() {
  const desktop = useMediaQuery(MEDIA.desktop)
  if (!desktop) return <MessageView message={DESKTOP_ONLY} />
  return <DashboardScreen />
}
