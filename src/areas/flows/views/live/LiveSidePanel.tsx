import { Cross2Icon } from '@radix-ui/react-icons'
import { Callout, Flex, Heading, IconButton, Select, Spinner, Text } from '@radix-ui/themes'
import { Suspense, use, useId } from 'react'
import { useCatalog } from '../catalogContext'
import { thisTab } from '../../../../flows/live'
import { Boundary } from './Boundary'
import { openScreen } from './followed'
import { graphOf } from './graphOf'
import { LivePanel } from './LivePanel'
import { closeSidePanel, openSidePanel, type SidePanelChoice } from './sidePanel'
import { useFollowed } from './useFollowed'

const OPEN_SCREEN = '*'

/**
 * The live side panel (lazy: LiveDock loads it once the panel is open in this tab): one machine's
 * live diagram, or that of whatever screen or dialog this tab opened last.
 */
export default function LiveSidePanel({ choice }: { choice: SidePanelChoice }) {
  const label = useId()
  const catalog = useCatalog()
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" justify="between" gap="2">
        <Heading as="h2" size="3">
          Live
        </Heading>
        <IconButton
          variant="ghost"
          color="gray"
          aria-label="Close the live panel"
          onClick={closeSidePanel}
        >
          <Cross2Icon aria-hidden />
        </IconButton>
      </Flex>
      <Flex align="center" gap="2" wrap="wrap">
        <Text id={label} size="2" weight="medium">
          Follow
        </Text>
        <Select.Root
          value={choice.machine ?? OPEN_SCREEN}
          onValueChange={(value) =>
            openSidePanel({ machine: value === OPEN_SCREEN ? null : value })
          }
        >
          <Select.Trigger aria-labelledby={label} />
          <Select.Content>
            <Select.Item value={OPEN_SCREEN}>Whatever screen is open</Select.Item>
            <Select.Separator />
            {catalog.map((entry) => (
              <Select.Item key={entry.id} value={entry.id}>
                {entry.id}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {choice.machine === null ? <OpenScreen /> : <MachineLive machineId={choice.machine} />}
    </Flex>
  )
}

/** Whatever screen or dialog this tab opened last: its machine's live diagram. */
function OpenScreen() {
  const { actors } = useFollowed(null)
  const screen = openScreen(actors, thisTab)
  if (!screen)
    return (
      <Text as="p" size="2" color="gray">
        Waiting for a screen of this tab to open.
      </Text>
    )
  return <MachineLive machineId={screen.machineId} />
}

function MachineLive({ machineId }: { machineId: string }) {
  return (
    <Boundary
      key={machineId}
      fallback={(error) => (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>
            The diagram of {machineId} cannot be shown:{' '}
            {error instanceof Error ? error.message : String(error)}
          </Callout.Text>
        </Callout.Root>
      )}
    >
      <Suspense
        fallback={
          <Flex align="center" gap="2">
            <Spinner /> <Text size="2">Loading the diagram of {machineId}…</Text>
          </Flex>
        }
      >
        <LoadedMachine machineId={machineId} />
      </Suspense>
    </Boundary>
  )
}

function LoadedMachine({ machineId }: { machineId: string }) {
  const graph = use(graphOf(useCatalog(), machineId))
  return <LivePanel graph={graph} machineId={machineId} inSidePanel />
}
