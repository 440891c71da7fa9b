import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { Button, Card, Flex, Grid, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import { ReloadIcon } from '@radix-ui/react-icons'
import { Link as RouterLink } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { DashboardResults } from '../../../../schema/dashboard'
import {
  dashboardMachine,
  type DashboardActor,
  type DashboardSnapshot,
} from '../machines/dashboard.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { CardSection } from '../../../kit/views/section/CardSection'
import { formatCount, SignInChart } from './SignInChart'
import {
  selectFigures,
  selectLoading,
  selectFailed,
  selectError,
  selectRefreshing,
  selectCanRefresh,
} from '../machines/dashboard.selectors'

/** One figure as a Radix Card: a section named by its heading. */
function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardSection title={title} headingSize="3" size="2" gap="2">
      {children}
    </CardSection>
  )
}

/** A figure's number, with thousands separators: '5,001'. */
const Big = ({ n }: { n: number }) => (
  <Text as="p" size="7" weight="bold">
    {formatCount(n)}
  </Text>
)

/** An empty card's two lines: what is missing, and what to do about it. */
function Empty({ children, next }: { children: ReactNode; next?: ReactNode }) {
  return (
    <Flex direction="column" gap="1" align="start">
      <Text as="p" size="2" color="gray">
        {children}
      </Text>
      {next}
    </Flex>
  )
}

/** A link inside the console (no page reload). */
const To = ({
  to,
  children,
}: {
  to: '/sessions' | '/queue' | '/services'
  children: ReactNode
}) => (
  <Link size="2" asChild>
    <RouterLink to={to}>{children}</RouterLink>
  </Link>
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
                <dd style={{ margin: 0 }}>{formatCount(factors[key])}</dd>
              </Text>
            </Flex>
          ))}
        </dl>
      </Grid>
      <Text size="2" color="gray">
        Of {formatCount(factors.users)} enabled accounts; someone with several factors counts under
        each.
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
      {/* One column on a phone, two from 520 px, four from 1024 px. */}
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="4">
        <Figure title="Active sessions">
          <Big n={figures.activeSessions} />
          <To to="/sessions">Sessions</To>
        </Figure>
        <Figure title="Locked accounts">
          <Big n={locked.permanent} />
          <Text size="2" color="gray">
            awaiting an unlock; {formatCount(locked.temporary)} locked for a while
          </Text>
          {locked.permanent > 0 && <To to="/queue">Unlock in Queue</To>}
        </Figure>
        <Figure title="Dormant users">
          <Big n={dormant.never + dormant.before} />
          <Text size="2" color="gray">
            no sign-in for {formatCount(dormant.days)} days: {formatCount(dormant.never)} never
            signed in, {formatCount(dormant.before)} not lately
          </Text>
        </Figure>
        <Figure title="Queue">
          <Big n={queue.depth} />
          <Text size="2" color="gray">
            {queue.depth === 0
              ? 'messages waiting'
              : `waiting; the oldest since ${formatDateTime(queue.oldest ?? figures.at)}`}
          </Text>
          <To to="/queue">Open Queue</To>
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
      {/* Cards keep their own height: an empty one stays compact beside a full table. */}
      <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
        <Figure title="Sign-ins by service, last 30 days">
          {figures.services.length === 0 ? (
            <Empty next={<To to="/services">Open Services</To>}>
              No service has signed anyone in yet. Each sign-in through a registered service is
              counted here.
            </Empty>
          ) : (
            <Table.Root size="1" variant="ghost">
              <VisuallyHidden asChild>
                <caption>Sign-ins by service</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Service</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Sign-ins</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.services.map((service) => (
                  <Table.Row key={`${service.serviceId ?? ''}${service.name}`}>
                    <Table.RowHeaderCell>
                      {service.serviceId ? (
                        <Link asChild>
                          <RouterLink to="/services/$id" params={{ id: service.serviceId }}>
                            {service.name}
                          </RouterLink>
                        </Link>
                      ) : (
                        service.name
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell justify="end">{formatCount(service.count)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Figure>
        <Figure title="Top failing addresses, last 24 hours">
          {figures.failingAddresses.length === 0 ? (
            <Empty>
              No failed sign-ins in the last 24 hours. Addresses with the most failed sign-ins are
              listed here.
            </Empty>
          ) : (
            <Table.Root size="1" variant="ghost">
              <VisuallyHidden asChild>
                <caption>Top failing addresses</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Address</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Failures</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.failingAddresses.map((address) => (
                  <Table.Row key={address.ip}>
                    <Table.RowHeaderCell>
                      {logs ? (
                        <Link asChild>
                          <RouterLink to="/logs" search={{ ip: address.ip, outcome: 'failure' }}>
                            {address.ip}
                          </RouterLink>
                        </Link>
                      ) : (
                        address.ip
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell justify="end">{formatCount(address.failures)}</Table.Cell>
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
          // The header's action area, at the right like the other screens' buttons.
          <Flex gap="2" align="center" ml="auto">
            <Button
              variant="soft"
              loading={refreshing}
              disabled={!canRefresh}
              onClick={() => actor.send({ type: 'dashboard.refresh' })}
            >
              <ReloadIcon /> Refresh
            </Button>
          </Flex>
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

/**
 * /dashboard (INTERNAL staff, dashboard.read). The tab is offered on desktop layouts only (SPEC.md
 * §6), but the page itself works on any screen: on a phone the cards stack and the charts take the
 * full width.
 */
export function DashboardPage() {
  const actor = useScreenActor(dashboardMachine)
  const logs = useAccess({ permission: 'logs.read' })
  if (!actor) return null
  return <DashboardView actor={actor} logs={logs} />
}
