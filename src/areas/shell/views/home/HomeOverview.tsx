import { CheckCircledIcon, CircleIcon } from '@radix-ui/react-icons'
import { Button, Card, Flex, Heading, Link as TextLink, Spinner, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { logText } from '../../../../../schema/audit-text'
import type { LogEvent } from '../../../../../schema/logs'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import {
  homeOverviewMachine,
  type HomeOverviewActor,
  type HomeOverviewSnapshot,
} from '../../machines/homeOverview.machine'
import type { HomeOverview as Overview, OverviewReader } from '../../machines/homeOverview.read'
import { counted } from './homeText'

const selectOverview = (s: HomeOverviewSnapshot) => s.context.overview
const selectError = (s: HomeOverviewSnapshot) => (s.hasTag('error') ? s.context.error : null)

/** A card with a heading, named by it for screen readers. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={id}>
            {title}
          </Heading>
          {children}
        </Flex>
      </section>
    </Card>
  )
}

type Attention = { text: string; to: '/users' | '/queue' }

/** What needs staff, of what the person may read; null when they may read none of it. */
function attentionItems(overview: Overview): Attention[] | null {
  const { locked, givenUp } = overview
  if (locked === null && givenUp === null) return null
  const items: Attention[] = []
  // The Queue lists locked accounts with Unlock; without it, Users shows them.
  if (locked)
    items.push({
      text: counted(locked, 'locked account', 'locked accounts'),
      to: givenUp === null ? '/users' : '/queue',
    })
  if (givenUp)
    items.push({ text: counted(givenUp, 'message not sent', 'messages not sent'), to: '/queue' })
  return items
}

function NeedsAttention({ overview }: { overview: Overview }) {
  const items = attentionItems(overview)
  if (!items) return null
  return (
    <Panel id="home-attention" title="Needs attention">
      {items.length === 0 ? (
        <Text color="gray">Nothing needs your attention.</Text>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
            {items.map((item) => (
              <li key={item.text}>
                <TextLink asChild weight="medium">
                  <Link to={item.to}>{item.text}</Link>
                </TextLink>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Panel>
  )
}

type Step = { text: string; done: boolean; to: '/services' | '/users' | '/profile' }

/** The first steps on a new installation, of those the person may check. */
function setupSteps(overview: Overview): Step[] {
  const steps: (Step | null)[] = [
    overview.hasService === null
      ? null
      : { text: 'Add a service', done: overview.hasService, to: '/services' },
    overview.hasOtherStaff === null
      ? null
      : { text: 'Invite staff', done: overview.hasOtherStaff, to: '/users' },
    { text: 'Turn on a second factor', done: overview.hasSecondFactor, to: '/profile' },
  ]
  return steps.filter((step): step is Step => step !== null)
}

/** 'Get started': shown until every step is done, each ticked once it is. */
function SetupChecklist({ overview }: { overview: Overview }) {
  const steps = setupSteps(overview)
  if (steps.every((step) => step.done)) return null
  const done = steps.filter((step) => step.done).length
  return (
    <Panel id="home-setup" title="Get started">
      <Text size="2" color="gray">
        {done} of {steps.length} done
      </Text>
      <Flex asChild direction="column" gap="2">
        <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {steps.map((step) => (
            <Flex asChild key={step.text} align="center" gap="2">
              <li>
                {step.done ? (
                  <CheckCircledIcon color="var(--green-11)" width={18} height={18} aria-hidden />
                ) : (
                  <CircleIcon color="var(--gray-11)" width={18} height={18} aria-hidden />
                )}
                {step.done ? (
                  <Text color="gray">
                    {step.text} <Text size="1">(done)</Text>
                  </Text>
                ) : (
                  <TextLink asChild weight="medium">
                    <Link to={step.to}>{step.text}</Link>
                  </TextLink>
                )}
              </li>
            </Flex>
          ))}
        </ul>
      </Flex>
    </Panel>
  )
}

function ActivityItem({ event }: { event: LogEvent }) {
  return (
    <Flex asChild direction="column" gap="0">
      <li>
        <Text size="2">{logText(event)}</Text>
        <Text size="1" color="gray">
          {formatDateTime(event.at)}
        </Text>
      </li>
    </Flex>
  )
}

/** The latest few audit events, for those with logs.read, and the way to the rest. */
function LatestActivity({ events }: { events: LogEvent[] | null }) {
  if (!events) return null
  return (
    <Panel id="home-activity" title="Latest activity">
      {events.length === 0 ? (
        <Text color="gray">Nothing has happened yet.</Text>
      ) : (
        <Flex asChild direction="column" gap="3">
          <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
            {events.map((event) => (
              <ActivityItem key={event.id} event={event} />
            ))}
          </ul>
        </Flex>
      )}
      <TextLink asChild size="2" weight="medium">
        <Link to="/logs">All activity in Logs</Link>
      </TextLink>
    </Panel>
  )
}

function OverviewFailure({ actor, error }: { actor: HomeOverviewActor; error: string }) {
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text color="gray">The overview could not be loaded: {error}</Text>
      <Button size="1" variant="soft" onClick={() => actor.send({ type: 'overview.retry' })}>
        Retry
      </Button>
    </Flex>
  )
}

function OverviewPanels({ actor }: { actor: HomeOverviewActor }) {
  const overview = useSelector(actor, selectOverview)
  const error = useSelector(actor, selectError)
  if (error) return <OverviewFailure actor={actor} error={error} />
  if (!overview)
    return (
      <Flex align="center" gap="2">
        <Spinner /> <Text color="gray">Loading the overview…</Text>
      </Flex>
    )
  const left = attentionItems(overview) !== null || !setupSteps(overview).every((s) => s.done)
  return (
    <Flex direction={{ initial: 'column', md: 'row' }} gap="4" align="start">
      {left && (
        <Flex direction="column" gap="4" flexBasis="0" flexGrow="1" width="100%">
          <NeedsAttention overview={overview} />
          <SetupChecklist overview={overview} />
        </Flex>
      )}
      {overview.activity && (
        <Flex direction="column" flexBasis="0" flexGrow="1" width="100%">
          <LatestActivity events={overview.activity} />
        </Flex>
      )}
    </Flex>
  )
}

/**
 * Home's overview (homeOverview statechart): what needs attention, the first steps on a new
 * installation, and the latest activity; each part only for those who may read what it counts.
 */
export function HomeOverview({ reader }: { reader: OverviewReader }) {
  const actor = useScreenActor(homeOverviewMachine, { input: { reader } })
  return actor ? <OverviewPanels actor={actor} /> : null
}
