import { TriangleDownIcon, TriangleRightIcon } from '@radix-ui/react-icons'
import { Badge, Box, Flex, Text } from '@radix-ui/themes'
import { Fragment, useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { FlowGraph, FlowState } from '../../../flows/graph'
import { outlineMoves, visibleStates } from './outlineMoves'
import './StateOutline.css'

// A compound state's open or closed arrow, for the eye only (drawn, so it is not text either).
const ARROW = { verticalAlign: 'middle', marginRight: 2 } as const

type Props = {
  graph: FlowGraph
  /** Ids of the states lit up on the diagram. */
  active: ReadonlySet<string>
}

const TYPE_WORDS: Partial<Record<FlowState['type'], string>> = {
  parallel: 'parallel',
  final: 'final',
  history: 'history',
}

/**
 * The diagram's states as an accessible tree beside it (issue 14: keyboard): each state's key,
 * kind, tags and description, the active ones marked. Arrow keys move (Up, Down, Home, End),
 * Right opens a state or enters it, Left closes it or goes to its parent; one item is in the tab
 * order at a time.
 */
export function StateOutline({ graph, active }: Props) {
  const base = useId()
  const byId = useMemo(() => new Map(graph.states.map((s) => [s.id, s])), [graph])
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set())
  const [focused, setFocused] = useState(graph.root)
  const domId = (stateId: string) => `${base}-${graph.states.findIndex((s) => s.id === stateId)}`

  const focus = (stateId: string) => {
    setFocused(stateId)
    document.getElementById(domId(stateId))?.focus()
  }
  const onKeyDown = (event: KeyboardEvent, state: FlowState) => {
    const move = outlineMoves(graph, closed)[event.key]
    if (!move) return
    event.preventDefault()
    event.stopPropagation()
    const next = move(state)
    if (next.closed) setClosed(next.closed)
    if (next.focus) focus(next.focus)
  }
  const visible = new Set(visibleStates(graph, closed))

  const item = (state: FlowState, level: number) => {
    if (!visible.has(state.id)) return null
    const children = state.children.map((id) => byId.get(id)).filter((s) => s !== undefined)
    const open = !closed.has(state.id)
    const lit = active.has(state.id)
    const label = `${domId(state.id)}-label`
    const kind = TYPE_WORDS[state.type]
    const group = `${domId(state.id)}-group`
    const description = state.description ? `${label}-description` : undefined
    // The treeitem is the row alone and owns its open group (aria-owns): its name is the row's own
    // text (key, badges, description), never its children's (axe 4.14 label in name, WCAG 2.5.3).
    return (
      <li key={state.id} role="none" className="state-outline-item">
        <Box
          id={domId(state.id)}
          role="treeitem"
          aria-level={level}
          aria-expanded={children.length ? open : undefined}
          aria-owns={children.length > 0 && open ? group : undefined}
          aria-labelledby={description ? `${label} ${description}` : label}
          aria-current={lit ? 'true' : undefined}
          tabIndex={state.id === focused ? 0 : -1}
          className="state-outline-row"
          data-active={lit || undefined}
          pl={`${(level - 1) * 16 + 4}px`}
          onKeyDown={(event) => onKeyDown(event, state)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocused(state.id)
          }}
        >
          {/* Spaces between the parts: a flex row draws none, but the name and the visible text
              then read 'editing active', not 'editingactive' (axe 4.14 label in name). */}
          <Flex id={label} align="center" gap="2" wrap="wrap">
            <Text size="2" weight={lit ? 'bold' : 'medium'}>
              {children.length > 0 &&
                (open ? (
                  <TriangleDownIcon aria-hidden style={ARROW} />
                ) : (
                  <TriangleRightIcon aria-hidden style={ARROW} />
                ))}
              {state.key}
            </Text>{' '}
            {lit && (
              <>
                <Badge size="1" color="cyan" variant="solid" highContrast>
                  active
                </Badge>{' '}
              </>
            )}
            {kind && (
              <>
                <Badge size="1" color="gray">
                  {kind}
                </Badge>{' '}
              </>
            )}
            {state.tags.map((tag) => (
              <Fragment key={tag}>
                <Badge size="1" color="gray" variant="outline">
                  {tag}
                </Badge>{' '}
              </Fragment>
            ))}
            {/* The sections its meta names; the states inside it implement them too unless they
                name their own (docs/flows-requirements.md). */}
            {state.spec && state.spec.length > 0 && (
              <>
                <Text size="1" color="gray">
                  SPEC.md {state.spec.join(', ')}
                </Text>{' '}
              </>
            )}
          </Flex>{' '}
          {state.description && (
            <Text as="div" id={description} size="1" color="gray">
              {state.description}
            </Text>
          )}
        </Box>
        {children.length > 0 && open && (
          <ul role="group" id={group} className="state-outline-list">
            {children.map((child) => item(child, level + 1))}
          </ul>
        )}
      </li>
    )
  }

  const root = byId.get(graph.root)
  return (
    <ul role="tree" aria-label={`States of ${graph.id}`} className="state-outline-list">
      {root && item(root, 1)}
    </ul>
  )
}
