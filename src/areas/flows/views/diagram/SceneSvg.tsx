import { Fragment, useState, type KeyboardEvent } from 'react'
import type { Rect } from '../../../../flows/layout'
import { DIAGRAM_FONT } from '../../../../flows/layoutText'
import type { Scene, SceneItem, Shape } from './sceneShapes'

function ShapeEl({ shape }: { shape: Shape }) {
  switch (shape.tag) {
    case 'rect':
      return (
        <rect
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          rx={shape.rx}
          fill={shape.fill}
          stroke={shape.stroke}
          strokeWidth={shape.strokeWidth}
          strokeDasharray={shape.dash}
        />
      )
    case 'path':
      return (
        <path
          d={shape.d}
          fill={shape.fill ?? 'none'}
          stroke={shape.stroke}
          strokeWidth={shape.strokeWidth}
          strokeDasharray={shape.dash}
        />
      )
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />
    case 'text':
      return (
        <text
          x={shape.x}
          y={shape.y}
          fontSize={shape.size}
          fontWeight={shape.bold ? 'bold' : undefined}
          fontStyle={shape.italic ? 'italic' : undefined}
          fill={shape.fill}
          {...(shape.halo
            ? {
                stroke: shape.halo,
                strokeWidth: 4,
                strokeLinejoin: 'round' as const,
                paintOrder: 'stroke',
              }
            : {})}
        >
          {/* The space is not drawn (SVG trims it), but it keeps words apart in the text a
              screen reader or axe reads out of several <text> pieces: "error: signIn". */}
          {shape.text}{' '}
        </text>
      )
  }
}

/** The rectangle an item's first box covers: where its focus ring goes. */
function boxOf(item: SceneItem): Rect | undefined {
  const rect = item.shapes.find((s) => s.tag === 'rect')
  return rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
}

export type SceneSvgProps = {
  scene: Scene
  transform: string
  focusColour: string
  onTransition?: (key: string) => void
  onToggle: (state: string) => void
  /** A control got keyboard focus: scroll it into view. */
  onReveal: (rect: Rect) => void
  /** The click ends a drag (pan), not a press. */
  wasDrag: () => boolean
  /** State ids to their paths, for the collapse toggles' names. */
  pathOf: (state: string) => string
}

/**
 * A scene drawn as SVG in the page: states carry their description as a tooltip, enabled
 * transitions' labels and rows are buttons, compound states have a collapse toggle.
 */
export function SceneSvg(props: SceneSvgProps) {
  const { scene, onTransition, onToggle } = props
  const [focused, setFocused] = useState<string>()

  function control(item: SceneItem, act: () => void, extra: Record<string, unknown>) {
    const box = boxOf(item)
    const press = () => {
      if (!props.wasDrag()) act()
    }
    // The tooltip sits on a wrapper, not inside the button: a button named by its own drawn text
    // (no aria-label) says exactly what it shows (WCAG 2.5.3), and hovering still shows the title.
    return (
      <g>
        {item.title && <title>{item.title}</title>}
        <g
          role="button"
          tabIndex={0}
          style={{ cursor: 'pointer', outline: 'none' }}
          onClick={press}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key !== 'Enter' && event.key !== ' ') return
            event.preventDefault()
            event.stopPropagation()
            act()
          }}
          onFocus={() => {
            setFocused(item.id)
            if (box) props.onReveal(box)
          }}
          onBlur={() => setFocused((f) => (f === item.id ? undefined : f))}
          {...extra}
        >
          {item.shapes.map((shape, i) => (
            <ShapeEl key={i} shape={shape} />
          ))}
          {focused === item.id && box && (
            <rect
              x={box.x - 3}
              y={box.y - 3}
              width={box.width + 6}
              height={box.height + 6}
              rx={6}
              fill="none"
              stroke={props.focusColour}
              strokeWidth={2.5}
            />
          )}
        </g>
      </g>
    )
  }

  function itemEl(item: SceneItem) {
    const key = item.transition
    if ((item.role === 'label' || item.role === 'row') && key && item.enabled && onTransition)
      return control(item, () => onTransition(key), {
        'data-transition': key,
        'data-enabled': true,
        'data-taken': item.taken || undefined,
      })
    if (item.role === 'toggle' && item.state) {
      const state = item.state
      return control(item, () => onToggle(state), {
        'aria-label': `States inside ${props.pathOf(state)}`,
        'aria-expanded': item.expanded,
      })
    }
    return (
      <g
        data-role={item.role}
        data-state={item.role === 'state' ? item.state : undefined}
        data-active={item.active || undefined}
        data-transition={key}
        data-taken={item.taken || undefined}
      >
        {item.title && <title>{item.title}</title>}
        {item.shapes.map((shape, i) => (
          <ShapeEl key={i} shape={shape} />
        ))}
      </g>
    )
  }

  return (
    <svg
      width="100%"
      height="100%"
      fontFamily={DIAGRAM_FONT}
      style={{ display: 'block', background: scene.background }}
    >
      <g transform={props.transform}>
        {scene.items.map((item) => (
          <Fragment key={item.id}>{itemEl(item)}</Fragment>
        ))}
      </g>
    </svg>
  )
}
