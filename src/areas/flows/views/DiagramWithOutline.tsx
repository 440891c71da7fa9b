import { Box, Grid, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { FlowGraph } from '../../../flows/graph'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { StateOutline } from './StateOutline'

/**
 * A statechart's diagram with the outline of its states beside it on desktop layouts; below it,
 * folded, on narrower screens, so the controls above stay near. The Flows page's sections and
 * the replay of a Logs row share it.
 */
export function DiagramWithOutline({
  graph,
  active,
  diagram,
}: {
  graph: FlowGraph
  active: ReadonlySet<string>
  diagram: ReactNode
}) {
  const desktop = useMediaQuery(MEDIA.desktop)
  const outline = <StateOutline graph={graph} active={active} />
  return (
    <Grid columns={desktop ? 'minmax(0, 1fr) 300px' : '1'} gap="4" align="start">
      <Box minWidth="0">{diagram}</Box>
      {desktop ? (
        <Box maxHeight="70vh" overflowY="auto">
          {outline}
        </Box>
      ) : (
        <details>
          <Text asChild size="2" weight="medium">
            <summary>States of {graph.id}, as a list</summary>
          </Text>
          <Box mt="2">{outline}</Box>
        </details>
      )}
    </Grid>
  )
}
