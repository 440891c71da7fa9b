import { useEffect, useMemo, useState } from 'react'
import type { FlowGraph } from '../../../../flows/graph'
import { initiallyCollapsed, layoutGraph, type DiagramLayout } from '../../../../flows/layout'

type Laid = { graph: FlowGraph; layout?: DiagramLayout; error?: Error }

/**
 * The diagram's layout and its collapsed states. A big machine opens with its deep compound
 * states collapsed; a new graph starts over.
 */
export function useDiagramLayout(graph: FlowGraph, descriptions: boolean) {
  const [folded, setFolded] = useState<{ graph: FlowGraph; ids: ReadonlySet<string> }>()
  const collapsed = useMemo(
    () => (folded?.graph === graph ? folded.ids : initiallyCollapsed(graph)),
    [folded, graph],
  )
  const [laid, setLaid] = useState<Laid>()

  // ELK answers asynchronously; an answer for an older graph or fold arrives too late to show.
  useEffect(() => {
    let current = true
    layoutGraph(graph, { collapsed, descriptions }).then(
      (layout) => current && setLaid({ graph, layout }),
      (error: unknown) =>
        current &&
        setLaid({ graph, error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => {
      current = false
    }
  }, [graph, collapsed, descriptions])

  const toggle = (id: string) => {
    const ids = new Set(collapsed)
    if (!ids.delete(id)) ids.add(id)
    setFolded({ graph, ids })
  }

  // Until the new graph's layout arrives the old one would show the wrong machine.
  const mine = laid?.graph === graph ? laid : undefined
  return { layout: mine?.layout, error: mine?.error, collapsed, toggle }
}
