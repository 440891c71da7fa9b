import { DownloadIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { Button, Callout, Code, Flex, Text } from '@radix-ui/themes'
import { useState } from 'react'
import type { FlowGraph } from '../../flows/graph'
import { layoutGraph } from '../../flows/layout'
import { MEDIA } from '../app/media'
import { useMediaQuery } from '../app/useMediaQuery'
import { downloadMachineJson, downloadPng, downloadSvg } from './diagram/exportDiagram'

/**
 * Export: the whole diagram (every state open) as SVG or PNG in the page's light or dark colours,
 * and the machine as JSON (its graph: states, transitions, descriptions). Files are made here; no
 * server is involved.
 */
export function ExportPanel({ graph }: { graph: FlowGraph }) {
  const theme = useMediaQuery(MEDIA.dark) ? 'dark' : 'light'
  // A failed drawing (a browser without canvas) is this panel's alone: nothing else depends on it.
  const [failure, setFailure] = useState<string | null>(null)
  const drawn = (save: typeof downloadSvg | typeof downloadPng) => async () => {
    setFailure(null)
    try {
      await save(graph, await layoutGraph(graph), theme)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray">
        The diagram with every state open, in the {theme} colours, and the machine as data. For
        every machine at once, offline: <Code>npm run flows -- --out DIR</Code>.
      </Text>
      <Flex gap="2" wrap="wrap" role="group" aria-labelledby="export-downloads">
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
      {failure && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>The picture could not be made: {failure}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  )
}
