import { Theme } from '@radix-ui/themes'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { machineGraph } from '../../../src/flows/graph'
import { loginMachine } from '../../../src/areas/sign-in/machines/login.machine'
import { FlowDiagram, type FlowDiagramProps } from '../../../src/areas/flows/views/diagram/FlowDiagram'

const graph = machineGraph(loginMachine)
const submit = 'login.credentials login.submit#0'
const usernameChanged = 'login.credentials login.usernameChanged#0'
const signInFailed = 'login.signingIn xstate.error.actor.signIn#0'

async function renderDiagram(props: Partial<FlowDiagramProps> = {}) {
  const onTransition = vi.fn()
  const user = userEvent.setup()
  const view = render(
    <Theme>
      <FlowDiagram graph={graph} label="Diagram of login" onTransition={onTransition} {...props} />
    </Theme>,
  )
  await screen.findByRole('figure', { name: 'Diagram of login' })
  const state = (id: string) => view.container.querySelector(`[data-state="${id}"]`)
  await waitFor(() => expect(state('login.credentials.editing')).not.toBeNull())
  return { ...view, user, onTransition, state }
}

describe('FlowDiagram', () => {
  it('highlights the active states and the transitions just taken', async () => {
    const { state, container } = await renderDiagram({
      active: new Set(['login', 'login.credentials', 'login.credentials.editing']),
      taken: new Set([signInFailed]),
    })
    expect(state('login.credentials.editing')).toHaveAttribute('data-active', 'true')
    expect(state('login.credentials')).toHaveAttribute('data-active', 'true')
    expect(state('login.signingIn')).not.toHaveAttribute('data-active')
    const edge = container.querySelector(`[data-role="edge"][data-transition="${signInFailed}"]`)
    expect(edge).toHaveAttribute('data-taken', 'true')
    expect(container.querySelectorAll('[data-taken]')).toHaveLength(2) // its arrow and its label
  })

  it('shows a state’s description on hover', async () => {
    const { state } = await renderDiagram()
    const description = graph.states.find((s) => s.id === 'login.signingIn')!.description!
    expect(state('login.signingIn')?.querySelector('title')).toHaveTextContent(description)
  })

  it('makes the enabled transitions’ labels and rows buttons that take them, by mouse or key', async () => {
    const { user, onTransition } = await renderDiagram({
      enabled: new Set([submit, usernameChanged]),
    })
    const label = screen.getByRole('button', { name: /^login\.submit ?\[canSignIn\]$/ })
    await user.click(label)
    expect(onTransition).toHaveBeenLastCalledWith(submit)
    label.focus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onTransition).toHaveBeenCalledTimes(3)
    expect(onTransition.mock.calls.every(([key]) => key === submit)).toBe(true)

    await user.click(screen.getByRole('button', { name: 'login.usernameChanged / assign' }))
    expect(onTransition).toHaveBeenLastCalledWith(usernameChanged)
    // A transition the machine cannot take now is text, not a button.
    expect(screen.queryByRole('button', { name: /done: signIn/ })).toBeNull()
  })

  it('collapses and expands a compound state from the keyboard', async () => {
    const { user, state } = await renderDiagram({
      active: new Set(['login', 'login.credentials', 'login.credentials.editing']),
    })
    const toggle = () => screen.getByRole('button', { name: 'States inside credentials' })
    expect(toggle()).toHaveAttribute('aria-expanded', 'true')
    toggle().focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(state('login.credentials.editing')).toBeNull())
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')
    // The collapsed box stands for the active state inside it.
    expect(state('login.credentials')).toHaveAttribute('data-active', 'true')
    toggle().focus()
    await user.keyboard(' ')
    await waitFor(() => expect(state('login.credentials.editing')).not.toBeNull())
    expect(toggle()).toHaveAttribute('aria-expanded', 'true')
  })

  it('pans with the arrow keys and zooms with its buttons', async () => {
    const { user, container } = await renderDiagram()
    const moved = () => container.querySelector('svg > g')?.getAttribute('transform')
    const start = moved()
    screen.getByRole('region', { name: /^Diagram view/ }).focus()
    await user.keyboard('{ArrowRight}')
    expect(moved()).not.toBe(start)
    const panned = moved()
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(moved()).not.toBe(panned)
    await user.click(screen.getByRole('button', { name: 'Fit width' }))
    expect(moved()).toBe(start)
  })
})
