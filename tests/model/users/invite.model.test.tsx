import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AnyActorLogic } from 'xstate'
import { Permissions, type Permission } from '../../../schema/permissions'
import {
  INVITE_LABELS as LABELS,
  invitedUser,
  invitePaths,
} from '../../../src/areas/users/paths/invite.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  inviteActors,
  inviteMachine,
  type InviteSnapshot,
} from '../../../src/areas/users/machines/invite.machine'
import {
  displayPhone,
  inviteBody,
  inviteErrors,
  type InviteTextField,
} from '../../../src/areas/users/machines/invite.messages'
import { AddUser } from '../../../src/areas/users/views/invite/AddUser'
import { PERMISSION_TEXT, permissionLabel } from '../../../src/areas/users/views/permissionText'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { Signed } from '../services/service.support'

// The server call behind the chart's inviteUser actor; each call waits for the path's step.
const stubbed = inviteMachine.provide({ actors: inviteActors(server.stub('inviteUser') as never) })

const { paths } = buildPaths(invitePaths)
const view = viewCoverage(invitePaths)

/** 'Add User' above the routes (as in the Users header), and /users/{id} saying whom it opened. */
function renderAddUser({ provide }: { provide: readonly AnyActorLogic[] }) {
  const root = createRootRoute({
    component: () => (
      <Signed provide={provide}>
        <AddUser />
        <Outlet />
      </Signed>
    ),
  })
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => null })
  const opened = createRoute({
    getParentRoute: () => root,
    path: '/users/$id',
    component: function Opened() {
      const { id } = useParams({ strict: false })
      return <p>Opened user {id}</p>
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([index, opened]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(<RouterProvider router={router as never} />)
  return { ...view, user: userEvent.setup(), pathname: () => router.state.location.pathname }
}

type App = ReturnType<typeof renderAddUser>
type Step = {
  event: {
    type: string
    field?: InviteTextField
    value?: string
    permission?: string
    output?: unknown
    error?: unknown
  }
}

const dialog = () => screen.getByRole('dialog', { name: 'Add User' })
const form = () => within(dialog()).getByRole('form', { name: 'Add User' })
const input = (label: string) => within(form()).getByLabelText(label, { selector: 'input' })
const fieldBox = (label: string) => input(label).closest('.rt-Grid > .rt-Flex') as HTMLElement
const sendButton = () => within(form()).getByRole('button', { name: 'Send invitation' })

function drive(app: App, touched: Set<InviteTextField>) {
  const expectOpen = async (s: InviteSnapshot) => {
    await screen.findByRole('dialog', { name: 'Add User' })
    const { fields } = s.context
    // The phone takes Profile's format once it was left; the others show what was typed.
    for (const [name, label] of Object.entries(LABELS) as [InviteTextField, string][])
      expect(input(label)).toHaveValue(name === 'phone' ? displayPhone(fields.phone) : fields[name])
    const errors = inviteErrors(fields)
    for (const field of touched) {
      const message = errors[field]
      if (message) expect(await within(fieldBox(LABELS[field])).findByText(message)).toBeVisible()
    }
    const type = within(form()).getByRole('radiogroup', { name: 'Type' })
    expect(within(type).getByRole('radio', { name: 'Internal' })).toHaveAttribute(
      'aria-checked',
      String(fields.type === 'INTERNAL'),
    )
    expect(within(type).getByRole('radio', { name: 'External' })).toHaveAttribute(
      'aria-checked',
      String(fields.type === 'EXTERNAL'),
    )
    for (const permission of Permissions) {
      const box = within(form()).getByRole('checkbox', { name: permissionLabel(permission) })
      expect(box).toHaveAccessibleDescription(`${permission} ${PERMISSION_TEXT[permission]}`)
      expect(box).toHaveAttribute('aria-checked', String(fields.permissions.includes(permission)))
    }
    if (s.can({ type: 'invite.submit' })) expect(sendButton()).toBeEnabled()
    else expect(sendButton()).toBeDisabled()
  }
  const expectClosed = async () => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled()
  }
  return {
    states: {
      closed: async () => {
        await expectClosed()
        // Cancel goes nowhere and sends nothing.
        expect(app.pathname()).toBe('/')
      },
      'editing.idle': async (s: InviteSnapshot) => {
        await expectOpen(s)
        expect(within(form()).queryByRole('alert')).toBeNull()
      },
      'editing.rejected': async (s: InviteSnapshot) => {
        await expectOpen(s)
        const alert = await within(form()).findByRole('alert')
        expect(alert).toHaveTextContent(s.context.error ?? '—')
        // A taken address or phone under its field; anything else under the form.
        if (s.context.errorField)
          expect(within(fieldBox(LABELS[s.context.errorField])).getByRole('alert')).toBe(alert)
        else expect(within(fieldBox('Email')).queryByRole('alert')).toBeNull()
        // 'Send invitation' is the retry.
        expect(sendButton()).toBeEnabled()
      },
      sending: async (s: InviteSnapshot) => {
        await waitFor(() => expect(sendButton()).toBeDisabled())
        expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled()
        expect((await server.last('inviteUser')).args[0]).toEqual(inviteBody(s.context.fields))
      },
      sent: async () => {
        await expectClosed()
        await waitFor(() => expect(app.pathname()).toBe(`/users/${invitedUser.id}`))
        expect(screen.getByText(`Opened user ${invitedUser.id}`)).toBeVisible()
      },
    },
    events: {
      'invite.open': async () => {
        touched.clear()
        await app.user.click(screen.getByRole('button', { name: 'Add User' }))
      },
      'invite.cancel': () => app.user.click(within(form()).getByRole('button', { name: 'Cancel' })),
      'invite.submit': () => app.user.click(sendButton()),
      'invite.edit': async ({ event }: Step) => {
        const field = event.field as InviteTextField
        await app.user.clear(input(LABELS[field]))
        await app.user.type(input(LABELS[field]), String(event.value))
        await app.user.tab()
        touched.add(field)
      },
      'invite.setType': ({ event }: Step) =>
        app.user.click(
          within(form()).getByRole('radio', {
            name: event.value === 'INTERNAL' ? 'Internal' : 'External',
          }),
        ),
      'invite.togglePermission': ({ event }: Step) =>
        app.user.click(
          within(form()).getByRole('checkbox', {
            name: permissionLabel(event.permission as Permission),
          }),
        ),
      'xstate.done.actor.inviteUser': async ({ event }: Step) => {
        ;(await server.last('inviteUser')).resolve(event.output)
        await expectNotified('status', `Invitation sent to ${invitedUser.email}.`)
      },
      'xstate.error.actor.inviteUser': async ({ event }: Step) =>
        (await server.last('inviteUser')).reject(event.error),
    },
  }
}

describe('Invite statechart, driving Add User and its dialog', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(invitePaths.machine, [{ input: invitePaths.input, paths }]).refused).toEqual(
      [],
    )
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderAddUser({ provide: [stubbed] })
      await screen.findByRole('button', { name: 'Add User' })
      await view.drive(path, drive(app, new Set()))
    })
  }
})
