import { DownloadIcon, PlayIcon } from '@radix-ui/react-icons'
import { Box, Button, Card, Code, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { FORMAT_EXTENSION, PATH_FORMATS, formatters, type PathFormat } from '../../../flows/format'
import type { ReadablePath } from '../../../flows/model'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectPlaying } from '../machines/flowsChart.selectors'
import { saveText } from '../../../kit/views/download/download'

type Props = { actor: FlowsChartActor; chart: Chart }

const FORMAT_NAMES: Record<PathFormat, { label: string; type: string }> = {
  md: { label: 'Markdown', type: 'text/markdown' },
  gherkin: { label: 'Gherkin', type: 'text/plain' },
  csv: { label: 'CSV', type: 'text/csv' },
  json: { label: 'JSON', type: 'application/json' },
}

/** Every path of the machine in one file: `<machine>-paths.<ext>`, as `npm run paths` writes it. */
function download({ loaded, paths }: Chart, format: PathFormat) {
  const { graph } = loaded
  const heading = {
    id: graph.id,
    ...(graph.description ? { description: graph.description } : {}),
    strategy: paths.strategy,
  }
  saveText(
    `${graph.id}-paths.${FORMAT_EXTENSION[format]}`,
    formatters[format](heading, paths.paths),
    FORMAT_NAMES[format].type,
  )
}

/** A path's steps as QA reads them: the start, then each action, the state it reaches, the screen. */
export function PathSteps({ path, current }: { path: ReadablePath; current?: number }) {
  return (
    <ol start={0} style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
      <li aria-current={current === 0 ? 'step' : undefined}>
        <Flex direction="column" mb="2">
          <Text size="2" weight={current === 0 ? 'bold' : 'regular'}>
            Start: {path.start.checkpoint || path.start.state}
          </Text>
          <Text size="1" color="gray">
            In <Code variant="ghost">{path.start.state}</Code>
            {path.start.screen && `. Screen: ${path.start.screen}`}
          </Text>
        </Flex>
      </li>
      {path.steps.map((step) => (
        <li key={step.index} aria-current={current === step.index ? 'step' : undefined}>
          <Flex direction="column" mb="2">
            <Text size="2" weight={current === step.index ? 'bold' : 'regular'}>
              {step.action}
            </Text>
            <Text size="1" color="gray">
              Then {step.checkpoint || 'in'} (<Code variant="ghost">{step.state}</Code>)
            </Text>
            {step.screen && (
              <Text size="1" color="gray">
                Screen: {step.screen}
              </Text>
            )}
          </Flex>
        </li>
      ))}
    </ol>
  )
}

function PathItem({
  actor,
  path,
  index,
  playing,
  models,
}: {
  actor: FlowsChartActor
  path: ReadablePath
  index: number
  playing: boolean
  models: number
}) {
  const [open, setOpen] = useState(false)
  return (
    <li aria-current={playing ? 'true' : undefined}>
      <Card size="1" variant={playing ? 'classic' : 'surface'}>
        <Flex justify="between" align="start" gap="3">
          <Flex direction="column" gap="1" minWidth="0">
            <Text size="2" weight="bold">
              {path.id}: {path.title}
            </Text>
            {models > 1 && (
              <Text size="1" color="gray">
                {path.model}
              </Text>
            )}
          </Flex>
          <Button
            size="1"
            variant={playing ? 'solid' : 'soft'}
            aria-label={`Play ${path.id}`}
            onClick={() => actor.send({ type: 'path.play', path: index })}
          >
            <PlayIcon aria-hidden /> Play
          </Button>
        </Flex>
        <Box asChild mt="2">
          {/* Steps are drawn once opened: a machine has dozens of paths. */}
          <details onToggle={(event) => setOpen(event.currentTarget.open)}>
            <Text asChild size="2" color="gray">
              <summary>Steps</summary>
            </Text>
            {open && (
              <Box mt="2">
                <PathSteps path={path} />
              </Box>
            )}
          </details>
        </Box>
      </Card>
    </li>
  )
}

/**
 * Paths: the machine's paths as `npm run paths` prints them (the model-based test drives the same
 * ones), each playable on the diagram, all downloadable in four formats.
 */
export function PathsPanel({ actor, chart }: Props) {
  const playing = useSelector(actor, selectPlaying)
  const { paths, strategy } = chart.paths
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2" color="gray">
        {paths.length} paths ({strategy}): the ones the model-based test drives through the screen
        and <Code>npm run paths -- --strategy shortest</Code> prints. Play one to follow it on the
        diagram.
      </Text>
      <Flex align="center" gap="2" wrap="wrap" role="group" aria-labelledby="paths-downloads">
        <Text id="paths-downloads" size="2" weight="medium">
          Download every path:
        </Text>
        {PATH_FORMATS.map((format) => (
          <Button key={format} variant="soft" size="2" onClick={() => download(chart, format)}>
            <DownloadIcon aria-hidden /> {FORMAT_NAMES[format].label}
          </Button>
        ))}
      </Flex>
      <Flex direction="column" gap="2" asChild>
        <ul aria-label="Paths" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {paths.map((path, index) => (
            <PathItem
              key={path.id}
              actor={actor}
              path={path}
              index={index}
              playing={playing?.path === index}
              models={chart.loaded.models.length}
            />
          ))}
        </ul>
      </Flex>
    </Flex>
  )
}
