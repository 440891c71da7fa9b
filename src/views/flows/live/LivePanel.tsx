import { Text } from '@radix-ui/themes'
import type { FlowGraph } from '../../../flows/graph'

/** Work in progress (issue 14, live part): following the console's running actors replaces this. */
export function LivePanel({ machineId }: { graph: FlowGraph; machineId: string }) {
  return (
    <Text as="p" size="2" color="gray">
      Following the console&apos;s running {machineId} actors is not built yet.
    </Text>
  )
}
