import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { LoginResults } from '../../../schema/auth'
import { machineGraph } from '../../../src/flows/graph'
import { LIVE_CHANNEL, publishLive, type LiveUpdate } from '../../../src/flows/live'
import { createInspection } from '../../../src/flows/inspection'
import { loginMachine } from '../../../src/areas/sign-in/machines/login.machine'
import { AppTheme } from '../../../src/areas/shell/views/AppTheme'
import type * as DiagramImports from '../../../src/areas/flows/views/diagram/FlowDiagram'
import type { FlowDiagramProps } from '../../../src/areas/flows/views/diagram/FlowDiagram'
import { LivePanel } from '../../../src/areas/flows/views/live/LivePanel'
import { readSidePanel } from '../../../src/areas/flows/views/live/sidePanel'
import { ApiError } from '../../../src/data/api/ApiError'
import { externalUser, selfUser } from '../../setup/fixtures'
import { Gate } from '../../setup/gate'
import { renderApp } from '../../setup/renderApp'

type DiagramModule = typeof DiagramImports
// What the diagram was last asked to light: its own look is the diagram's tests' business.
const drawn = vi.hoisted(() => ({ props: null as FlowDiagramProps | null }))
vi.mock('../../../src/areas/flows/views/diagram/FlowDiagram', async (importOriginal) => {
  const { FlowDiagram } = await importOriginal<DiagramModule>()
  return {
    FlowDiagram: (props: FlowDiagramProps) => {
      drawn.props = props
      return <FlowDiagram {...props} />
    },
  }
})

const graph = machineGraph(loginMachine)
const lit = () => [...(drawn.props?.active ?? [])]
const litTransitions = () => [...(drawn.props?.taken ?? [])]

const PANEL_KEY = 'gatehouse.flows.livePanel'

afterEach(() => {
  sessionStorage.clear()
  drawn.props = null
})

/** Another tab's publisher, in small: it answers a listener and sends the steps it is given. */
function otherTab() {
  const channel = new BroadcastChannel(LIVE_CHANNEL)
  const listening = new Gate<void>()
  channel.onmessage = ({ data }: MessageEvent<{ kind: string }>) => {
    if (data.kind === 'listen') listening.resolve()
  }
  const send = (over: Partial<LiveUpdate>) =>
    channel.postMessage({
      kind: 'snapshot',
      sessionId: 'other/x:3',
      machineId: 'login',
      tab: 'other',
      screen: true,
      active: ['login', 'login.credentials', 'login.credentials.editing'],
      taken: [],
      eventType: 'xstate.init',
      at: Date.now(),
      ...over,
    } satisfies LiveUpdate)
  return { listening: () => listening.wait(), send, close: () => channel.close() }
}

describe('the Live panel', () => {
  it('waits for a login to run, then lights its states as the other tab moves', async () => {
    const tab = otherTab()
    render(
      <AppTheme>
        <LivePanel graph={graph} machineId="login" />
      </AppTheme>,
    )
    expect(screen.getByText(/Waiting for a login to run — open it in another tab/)).toBeVisible()
    expect(lit()).toEqual([])
    await tab.listening()

    tab.send({})
    expect(await screen.findByText('login #1, another tab')).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('login is now in credentials.editing.')
    expect(lit()).toContain('login.credentials.editing')

    tab.send({
      eventType: 'login.submit',
      taken: ['login.credentials login.submit#0'],
      active: ['login', 'login.signingIn'],
    })
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('login is now in signingIn.'),
    )
    expect(lit()).toEqual(['login', 'login.signingIn'])
    expect(litTransitions()).toEqual(['login.credentials login.submit#0'])
    const log = screen.getByRole('list', { name: 'Last events, newest first' })
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(
      'Login was pressed with a valid username and password.',
    )
    tab.close()
  })

  it('offers a picker when two logins run, and follows the one picked', async () => {
    const tab = otherTab()
    const user = userEvent.setup()
    render(
      <AppTheme>
        <LivePanel graph={graph} machineId="login" />
      </AppTheme>,
    )
    await tab.listening()
    tab.send({ sessionId: 'other/x:3', at: 1 })
    tab.send({
      sessionId: 'other/x:8',
      at: 2,
      eventType: 'login.submit',
      taken: ['login.credentials login.submit#0'],
      active: ['login', 'login.signingIn'],
    })
    const picker = await screen.findByRole('combobox', { name: 'Which login' })
    expect(lit()).toContain('login.signingIn')
    await user.click(picker)
    await user.click(await screen.findByRole('option', { name: 'login #1, another tab' }))
    await waitFor(() => expect(lit()).toContain('login.credentials.editing'))
    tab.close()
  })

  it('opens the side panel for this machine, for this tab only', async () => {
    const user = userEvent.setup()
    render(
      <AppTheme>
        <LivePanel graph={graph} machineId="login" />
      </AppTheme>,
    )
    await user.click(screen.getByRole('button', { name: 'Follow in a side panel' }))
    expect(readSidePanel()).toEqual({ machine: 'login' })
    expect(JSON.parse(sessionStorage.getItem(PANEL_KEY) ?? 'null')).toEqual({ machine: 'login' })
    expect(screen.getByRole('button', { name: 'Follow in a side panel' })).toBeDisabled()
  })
})

describe('the live side panel', () => {
  it("stays beside the console and lights this tab's sign-in as it happens; Close clears it", async () => {
    sessionStorage.setItem(PANEL_KEY, JSON.stringify({ machine: 'login' }))
    const signIn = new Gate<LoginResults>()
    // The Flows page's permission: the panel opens from that page only.
    const ada = selfUser({
      permissions: [...selfUser().permissions, 'flows.read'],
    })
    const inspection = createInspection()
    const app = renderApp('/login', {
      inspect: inspection.inspect,
      provide: [
        loginMachine.provide({
          actors: {
            signIn: fromPromise<LoginResults, { username: string; password: string }>(() =>
              signIn.wait(),
            ),
          },
        }),
      ],
    })
    const stop = publishLive(inspection, app.session)
    app.gates.fetchSelf.reject(new ApiError(401, 401, 'You are not signed in.'))
    await screen.findByRole('heading', { name: 'Admin Login' })

    const panel = await screen.findByRole('complementary', { name: 'Live flow' })
    const status = await within(panel).findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('login is now in credentials.editing.'))
    expect(within(panel).getByText('login #1, this tab')).toBeVisible()

    const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })
    await app.user.type(field('Username'), 'ada@example.com')
    await app.user.type(field('Password'), 'correct horse{Enter}')
    await waitFor(() => expect(status).toHaveTextContent('login is now in signingIn.'))
    expect(lit()).toContain('login.signingIn')

    signIn.resolve({ user: { id: ada.id } })
    await waitFor(() => expect(status).toHaveTextContent('login ended in signedIn.'))
    expect(
      within(within(panel).getByRole('list', { name: 'Last events, newest first' })).getByText(
        'The server accepted the password; the account has no second factor.',
      ),
    ).toBeVisible()
    app.gates.fetchSelf.resolve(ada)
    await screen.findByRole('button', { name: /user menu/i })
    // Signed in, on another screen: the panel is still there, showing how the sign-in ended.
    expect(screen.getByRole('complementary', { name: 'Live flow' })).toBe(panel)
    expect(status).toHaveTextContent('login ended in signedIn.')

    await app.user.click(within(panel).getByRole('button', { name: 'Close the live panel' }))
    expect(screen.queryByRole('complementary', { name: 'Live flow' })).toBeNull()
    expect(sessionStorage.getItem(PANEL_KEY)).toBeNull()
    stop()
  })

  it('is not there while closed, nor for a person signed in without the Flows page', async () => {
    const app = renderApp('/login')
    app.gates.fetchSelf.reject(new ApiError(401, 401, 'You are not signed in.'))
    await screen.findByRole('heading', { name: 'Admin Login' })
    expect(screen.queryByRole('complementary', { name: 'Live flow' })).toBeNull()
    app.unmount()

    sessionStorage.setItem(PANEL_KEY, JSON.stringify({ machine: null }))
    const signedIn = renderApp('/home')
    signedIn.gates.fetchSelf.resolve(externalUser())
    await screen.findByRole('button', { name: /user menu/i })
    expect(screen.queryByRole('complementary', { name: 'Live flow' })).toBeNull()
    expect(sessionStorage.getItem(PANEL_KEY)).not.toBeNull()
  })
})
