import { DownloadIcon } from '@radix-ui/react-icons'
import { Button, Code, Flex, Text } from '@radix-ui/themes'
import { useState } from 'react'
import type { FlowGraph } from '../../../flows/graph'
import { downloadMachineJson, downloadPng, downloadSvg } from './diagram/exportDiagram'
import { useDiagramTheme } from './diagram/FlowDiagram'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'

/**
 * Export: the diagram as SVG or PNG, laid out as the page first shows it, in the page's light or
 * dark colours, and the machine as JSON (its graph: states, transitions, descriptions). Files are
 * made here; no server is involved.
 */
export function ExportPanel({ graph }: { graph: FlowGraph }) {
  const theme = useDiagramTheme()
  // A drawing that fails (a browser without canvas) concerns this panel alone.
  const [failure, setFailure] = useState<string | null>(null)
  const drawn = (save: typeof downloadSvg) => async () => {
    setFailure(null)
    try {
      await save(graph, theme)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray">
        The diagram in the {theme} colours, and the machine as data. For every machine at once,
        offline: <Code>npm run flows -- --out DIR</Code>.
      </Text>
      <Flex align="center" gap="2" wrap="wrap" role="group" aria-labelledby="export-downloads">
        <Text id="export-downloads" size="2" weight="medium">
          Download:
        </Text>
        <Button variant="soft" onClick={drawn(downloadSvg)}>
          <DownloadIcon aria-hidden /> SVG
        </Button>
        <Button variant="soft" onClick={drawn(downloadPng)}>
          <DownloadIcon aria-hidden /> PNG
        </Button>
        <Button variant="soft" onClick={() => downloadMachineJson(graph)}>
          <DownloadIcon aria-hidden /> Machine JSON
        </Button>
      </Flex>
      {failure && <ErrorCallout message={`The picture could not be made: ${failure}`} />}
    </Flex>
  )
}
