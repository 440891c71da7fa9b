import { ResetIcon } from '@radix-ui/react-icons'
import { Box, Button, Code, Flex, Grid, Heading, Select, Text, TextField } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId, type FormEvent } from 'react'
import type { EventObject } from 'xstate'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectLog, selectModel, selectSimulation } from '../machines/flowsChart.selectors'
import type { SimulationChoice } from '../machines/flowsChart.simulation'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'

type Props = { actor: FlowsChartActor; chart: Chart }

const send = (actor: FlowsChartActor, event: EventObject) =>
  actor.send({ type: 'simulate.send', event })

/** Where the simulated machine is, above the diagram, announced as it changes; and Reset. */
export function SimulationStatus({ actor }: { actor: FlowsChartActor }) {
  const simulation = useSelector(actor, selectSimulation)
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Box role="status" minWidth="0">
        {simulation && (
          <Text size="2">
            {simulation.status === 'finished' ? 'Finished in ' : 'Now in '}
            <Code>{simulation.state}</Code>: {simulation.checkpoint}
          </Text>
        )}
      </Box>
      <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'simulate.reset' })}>
        <ResetIcon aria-hidden /> Reset
      </Button>
    </Flex>
  )
}

type ChoiceProps = { actor: FlowsChartActor; choice: SimulationChoice; groupLabel: string }

/** A text of one's own for an event that carries one (a username, a code). */
function TypedValue({ actor, choice, groupLabel }: ChoiceProps) {
  const field = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = new FormData(event.currentTarget).get('value')
    const value = typeof typed === 'string' ? typed : ''
    send(actor, { ...choice.event, value } as EventObject)
    event.currentTarget.reset()
  }
  return (
    <form onSubmit={onSubmit}>
      <Flex align="center" gap="2" wrap="wrap">
        <label htmlFor={field}>
          <Text size="2">Or type one</Text>
        </label>
        <TextField.Root
          id={field}
          name="value"
          size="2"
          aria-describedby={groupLabel}
          autoComplete="off"
          style={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="outline" aria-label={`Send the typed ${choice.event.type}`}>
          Send
        </Button>
      </Flex>
    </form>
  )
}

type GroupProps = { actor: FlowsChartActor; group: string; choices: SimulationChoice[] }

function ChoiceGroup({ actor, group, choices }: GroupProps) {
  const heading = useId()
  const typed = choices.find((c) => c.typed)
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby={heading}>
      <Text id={heading} size="2" weight="bold">
        <Code variant="ghost">{group}</Code>
      </Text>
      {choices.map((choice) => (
        <Button
          key={choice.label}
          variant="soft"
          onClick={() => send(actor, choice.event)}
          style={{ height: 'auto', minHeight: 'var(--space-6)', justifyContent: 'flex-start' }}
        >
          <Text align="left" style={{ whiteSpace: 'normal' }} my="1">
            {choice.label}
          </Text>
        </Button>
      ))}
      {typed && <TypedValue actor={actor} choice={typed} groupLabel={heading} />}
    </Flex>
  )
}

function groupsOf(choices: SimulationChoice[]): [string, SimulationChoice[]][] {
  const groups = new Map<string, SimulationChoice[]>()
  for (const choice of choices)
    groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice])
  return [...groups]
}

function Choices({ actor }: { actor: FlowsChartActor }) {
  const simulation = useSelector(actor, selectSimulation)
  if (!simulation) return null
  if (simulation.status === 'failed')
    return (
      <ErrorCallout
        message={`The machine stopped with an error: ${simulation.error}. Reset starts it again.`}
      />
    )
  if (simulation.status === 'finished')
    return (
      <Text as="p" size="2">
        The machine has finished: nothing more can happen. Reset starts it again.
      </Text>
    )
  if (!simulation.choices.length)
    return (
      <Text as="p" size="2">
        Nothing the model knows of can happen here. Reset starts it again.
      </Text>
    )
  return (
    <Flex direction="column" gap="4">
      {groupsOf(simulation.choices).map(([group, choices]) => (
        <ChoiceGroup key={group} actor={actor} group={group} choices={choices} />
      ))}
    </Flex>
  )
}

function EventLog({ actor }: { actor: FlowsChartActor }) {
  const log = useSelector(actor, selectLog)
  if (!log.length)
    return (
      <Text as="p" size="2" color="gray">
        Nothing has happened yet.
      </Text>
    )
  return (
    <ol aria-label="Event log" style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
      {log.map((entry, index) => (
        <li key={index} value={entry.step}>
          <Flex direction="column" mb="2">
            <Text size="2">{entry.text}</Text>
            <Text size="1" color="gray">
              Then in <Code variant="ghost">{entry.state}</Code>
            </Text>
          </Flex>
        </li>
      ))}
    </ol>
  )
}

function StartingPoint({ actor, chart }: Props) {
  const model = useSelector(actor, selectModel)
  const label = useId()
  const models = chart.loaded.models
  if (models.length < 2) return null
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text id={label} size="2">
        Start from
      </Text>
      <Select.Root
        value={String(model)}
        onValueChange={(value) =>
          actor.send({ type: 'simulate.modelChosen', model: Number(value) })
        }
      >
        <Select.Trigger aria-labelledby={label} />
        <Select.Content>
          {models.map((m, i) => (
            <Select.Item key={m.name} value={String(i)}>
              {m.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  )
}

/**
 * Simulate: the production machine with its effects stubbed. What can happen now, worded by the
 * transitions' descriptions and the model's sample events (an invoked actor's endings are choices
 * too), and the log of what happened.
 */
export function SimulatePanel({ actor, chart }: Props) {
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2" color="gray">
        The production machine runs here with its effects stubbed: nothing is sent to the server,
        stored or shown by it. Choose what happens next, here or on an arrow&apos;s label in the
        diagram.
      </Text>
      <StartingPoint actor={actor} chart={chart} />
      <Grid columns={{ initial: '1', md: '2' }} gap="5">
        <Flex direction="column" gap="3" asChild>
          <section aria-labelledby="simulate-choices">
            <Heading as="h2" size="4" id="simulate-choices">
              What can happen now
            </Heading>
            <Choices actor={actor} />
          </section>
        </Flex>
        <Flex direction="column" gap="3" asChild>
          <section aria-labelledby="simulate-log">
            <Heading as="h2" size="4" id="simulate-log">
              Event log
            </Heading>
            <EventLog actor={actor} />
          </section>
        </Flex>
      </Grid>
    </Flex>
  )
}
