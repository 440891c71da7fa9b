import { Box, Button, Callout, Flex, IconButton, Text, useThemeContext } from '@radix-ui/themes'
import { ZoomInIcon, ZoomOutIcon } from '@radix-ui/react-icons'
import { useMemo, useRef } from 'react'
import type { FlowGraph } from '../../../../flows/graph'
import type { DiagramChanges } from '../../../../flows/release/changes'
import { markChanges } from '../changes/changesScene'
import { MEDIA } from '../../../../kit/views/media/media'
import { useMediaQuery } from '../../../../kit/views/media/useMediaQuery'
import { transitionDescriptions } from './exportDiagram'
import { PALETTES, type DiagramTheme } from './palette'
import { diagramScene } from './scene'
import { SceneSvg } from './SceneSvg'
import { useDiagramLayout } from './useDiagramLayout'
import { usePanZoom } from './usePanZoom'

export type FlowDiagramProps = {
  graph: FlowGraph
  /** Accessible name of the figure ('Diagram of login'). */
  label: string
  /** Ids of the active state nodes: highlighted. */
  active?: ReadonlySet<string>
  /** Keys of the transitions just taken: highlighted. */
  taken?: ReadonlySet<string>
  /** Keys of the transitions that can be taken now: their labels are buttons (simulate). */
  enabled?: ReadonlySet<string>
  /** A person activated an enabled transition's label. */
  onTransition?: (key: string) => void
  /** Smaller chrome for a side panel. */
  compact?: boolean
  /** Changes since the release to mark (Changes); their transitions come as `taken` too. */
  changes?: DiagramChanges
}

/** The Radix appearance the diagram draws in: its colours are explicit, not CSS variables. */
export function useDiagramTheme(): DiagramTheme {
  const { appearance } = useThemeContext()
  const systemDark = useMediaQuery(MEDIA.dark)
  return appearance === 'dark' || (appearance === 'inherit' && systemDark) ? 'dark' : 'light'
}

/**
 * A machine's statechart, laid out by ELK and drawn as SVG: nested states, labelled arrows, the
 * simulation's active states and taken transitions highlighted, enabled transitions as buttons.
 * Drag or arrow keys pan, ctrl + wheel or the buttons zoom; compound states collapse.
 */
export function FlowDiagram(props: FlowDiagramProps) {
  const { graph, label, compact = false } = props
  const theme = useDiagramTheme()
  const palette = PALETTES[theme]
  const { layout, error, toggle } = useDiagramLayout(graph, !compact)
  const viewport = useRef<HTMLDivElement>(null)
  const size = layout && { width: layout.width, height: layout.height }
  const panZoom = usePanZoom(viewport, size, graph, compact ? 0.5 : undefined)
  const { view } = panZoom
  const descriptions = useMemo(() => transitionDescriptions(graph), [graph])
  const paths = useMemo(() => new Map(graph.states.map((s) => [s.id, s.path])), [graph])
  const scene = useMemo(
    () =>
      layout &&
      diagramScene(
        layout,
        palette,
        { active: props.active, taken: props.taken, enabled: props.enabled },
        descriptions,
      ),
    [layout, palette, props.active, props.taken, props.enabled, descriptions],
  )
  const drawn = useMemo(
    () => markChanges(scene, props.changes, palette, theme),
    [scene, props.changes, palette, theme],
  )

  return (
    <Flex direction="column" gap="2" asChild>
      <figure aria-label={label} style={{ margin: 0 }}>
        <Flex gap="2" align="center" wrap="wrap">
          <IconButton size="1" variant="soft" aria-label="Zoom out" onClick={panZoom.zoomOut}>
            <ZoomOutIcon />
          </IconButton>
          <IconButton size="1" variant="soft" aria-label="Zoom in" onClick={panZoom.zoomIn}>
            <ZoomInIcon />
          </IconButton>
          <Button size="1" variant="soft" onClick={() => panZoom.fit('width')}>
            Fit width
          </Button>
          <Button size="1" variant="soft" onClick={() => panZoom.fit('all')}>
            Fit
          </Button>
          {!compact && (
            <Text size="1" color="gray">
              Drag or use the arrow keys to move; ctrl + wheel or + and − to zoom.
            </Text>
          )}
        </Flex>
        <Box
          ref={viewport}
          tabIndex={0}
          role="region"
          aria-label="Diagram view: drag or use the arrow keys to move, + and − to zoom"
          {...panZoom.handlers}
          style={{
            height: compact ? 360 : 'min(72vh, 900px)',
            minHeight: 240,
            overflow: 'hidden',
            touchAction: 'none',
            cursor: 'grab',
            borderRadius: 'var(--radius-3)',
            border: '1px solid var(--gray-a6)',
            background: palette.background,
          }}
        >
          {drawn ? (
            <SceneSvg
              scene={drawn}
              transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}
              focusColour={palette.focus}
              onTransition={props.onTransition}
              onToggle={toggle}
              onReveal={panZoom.reveal}
              wasDrag={panZoom.wasDrag}
              pathOf={(id) => paths.get(id) || graph.id}
            />
          ) : error ? (
            <Box p="3">
              <Callout.Root color="red" role="alert">
                <Callout.Text>The diagram could not be laid out: {error.message}</Callout.Text>
              </Callout.Root>
            </Box>
          ) : (
            <Box p="3">
              <Text size="2" color="gray">
                Laying out the diagram…
              </Text>
            </Box>
          )}
        </Box>
      </figure>
    </Flex>
  )
}
