import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MfaPolicy } from '../../../schema/factors'
import type { UserType } from '../../../schema/permissions'
import { mfaPolicyPaths } from '../../../src/areas/users/paths/mfaPolicy.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { mfaPolicyMachine, type MfaPolicySnapshot } from '../../../src/areas/users/machines/mfaPolicy.machine'
import {
  GRACE_ERROR,
  graceError,
  MODE_LABEL,
  policyBody,
  policySentence,
  POLICY_TYPES,
  TYPE_LABEL,
} from '../../../src/areas/users/machines/mfaPolicy.messages'
import { MfaPolicyButton } from '../../../src/areas/users/views/policy/MfaPolicyButton'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from '../account/profile.support'
import { Signed } from '../services/service.support'

const stubbedPolicy = mfaPolicyMachine.provide({
  actors: {
    loadPolicies: stubbed('loadPolicies', () => []) as never,
    savePolicy: stubbed('savePolicy', (input: { type: UserType; body: unknown }) => [
      input.type,
      input.body,
    ]) as never,
  },
})

const { paths } = buildPaths(mfaPolicyPaths)
const view = viewCoverage(mfaPolicyPaths)

type Step = {
  event: {
    type: string
    userType?: UserType
    mode?: string
    value?: string
    output?: unknown
    error?: unknown
  }
}

function renderButton() {
  const view = render(
    <Signed provide={[stubbedPolicy]}>
      <MfaPolicyButton />
    </Signed>,
  )
  return { ...view, user: userEvent.setup() }
}
type App = ReturnType<typeof renderButton>

const dialog = () => screen.getByRole('dialog', { name: 'Second-factor policy' })
const row = (type: UserType) => within(dialog()).getByRole('form', { name: TYPE_LABEL[type] })
const graceField = (type: UserType) => within(row(type)).queryByLabelText('Grace days')

function drive(app: App) {
  const expectRows = async (s: MfaPolicySnapshot) => {
    await within(dialog()).findByRole('form', { name: TYPE_LABEL.INTERNAL })
    for (const type of POLICY_TYPES) {
      const draft = s.context.drafts[type]
      const modes = within(row(type)).getByRole('radiogroup', { name: 'Second factor' })
      expect(within(modes).getByRole('radio', { name: MODE_LABEL[draft.mode] })).toBeChecked()
      const grace = graceField(type)
      if (draft.mode === 'required') {
        expect(grace).toHaveValue(Number(draft.graceDays))
        if (graceError(draft.graceDays))
          // Shown after the form delay (SPEC.md §5).
          expect(await within(row(type)).findByText(GRACE_ERROR)).toBeVisible()
      } else expect(grace).toBeNull()
      const save = within(row(type)).getByRole('button', { name: 'Save' })
      if (s.can({ type: 'policy.save', userType: type })) expect(save).toBeEnabled()
      else expect(save).toBeDisabled()
    }
  }
  return {
    states: {
      closed: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(screen.getByRole('button', { name: 'Second-factor policy' })).toBeEnabled()
      },
      loading: async () => {
        expect(await within(dialog()).findByText('Loading the policy…')).toBeVisible()
        await server.last('loadPolicies')
      },
      loadFailed: async (s: MfaPolicySnapshot) => {
        const alert = await within(dialog()).findByRole('alert')
        expect(alert).toHaveTextContent(`The policy could not be read: ${s.context.error ?? '—'}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      'ready.editing': async (s: MfaPolicySnapshot) => {
        await expectRows(s)
        expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      'ready.rejected': async (s: MfaPolicySnapshot) => {
        await expectRows(s)
        expect(
          await within(row(s.context.row ?? 'INTERNAL')).findByRole('alert'),
        ).toHaveTextContent(s.context.error ?? '—')
      },
      saving: async (s: MfaPolicySnapshot) => {
        const type = s.context.row ?? 'INTERNAL'
        await waitFor(() =>
          expect(within(row(type)).getByRole('button', { name: 'Save' })).toBeDisabled(),
        )
        expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeDisabled()
        const saved = s.context.policies.find((p) => p.type === type)
        expect((await server.last('savePolicy')).args).toEqual([
          type,
          policyBody(s.context.drafts[type], saved),
        ])
      },
    },
    events: {
      'policy.open': () =>
        app.user.click(screen.getByRole('button', { name: 'Second-factor policy' })),
      'policy.close': () => app.user.click(within(dialog()).getByRole('button', { name: 'Close' })),
      'policy.retry': () => app.user.click(within(dialog()).getByRole('button', { name: 'Retry' })),
      'policy.modeChanged': ({ event }: Step) =>
        app.user.click(
          within(row(event.userType!)).getByRole('radio', {
            name: MODE_LABEL[event.mode as keyof typeof MODE_LABEL],
          }),
        ),
      'policy.graceChanged': async ({ event }: Step) => {
        const field = graceField(event.userType!)!
        await app.user.clear(field)
        await app.user.type(field, String(event.value))
      },
      'policy.save': ({ event }: Step) =>
        app.user.click(within(row(event.userType!)).getByRole('button', { name: 'Save' })),
      'xstate.done.actor.loadPolicies': async ({ event }: Step) =>
        (await server.last('loadPolicies')).resolve(event.output),
      'xstate.error.actor.loadPolicies': async ({ event }: Step) =>
        (await server.last('loadPolicies')).reject(event.error),
      'xstate.done.actor.savePolicy': async ({ event }: Step) => {
        ;(await server.last('savePolicy')).resolve(event.output)
        await expectNotified('status', policySentence(event.output as MfaPolicy))
      },
      'xstate.error.actor.savePolicy': async ({ event }: Step) => {
        ;(await server.last('savePolicy')).reject(event.error)
        await expectNotified('alert', /^The policy for internal users was not saved: \S/)
      },
    },
  }
}

describe('second-factor policy statechart, driving the Users header button and its dialog', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    expect(coverageOf(mfaPolicyPaths.machine, [{ input: undefined, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = renderButton()
      await screen.findByRole('button', { name: 'Second-factor policy' })
      await view.drive(path, drive(app))
    })
  }
})
