import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { aService } from '../../../src/kit/fixtures/service.fixtures'
import {
  SECRET_VALUE,
  SERVICE_ID,
  serviceSecretsPaths,
} from '../../../src/areas/services/paths/serviceSecrets.paths'
import {
  overlapError,
  serviceSecretsMachine,
  type ServiceSecretsSnapshot,
} from '../../../src/areas/services/machines/serviceSecrets.machine'
import { ServiceSecrets } from '../../../src/areas/services/views/detail/ServiceSecrets'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'
import { Signed } from './service.support'

// The section's server calls wait for the path's steps.
const provide = [
  serviceSecretsMachine.provide({
    actors: {
      listSecrets: stubbed('listServiceSecrets', ({ serviceId }: { serviceId: string }) => [
        serviceId,
      ]),
      createSecret: stubbed(
        'createServiceSecret',
        (input: { serviceId: string; name: string; overlapHours: number }) => [
          input.serviceId,
          { name: input.name, overlapHours: input.overlapHours },
        ],
      ),
      revokeSecret: stubbed(
        'revokeServiceSecret',
        (input: { serviceId: string; secretId: string }) => [input.serviceId, input.secretId],
      ),
    },
  }),
]
const { paths } = buildPaths(serviceSecretsPaths)
const view = viewCoverage(serviceSecretsPaths)

type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }
type User = ReturnType<typeof userEvent.setup>

const section = () => within(screen.getByRole('region', { name: 'Client secrets' }))
const generateButton = () => section().getByRole('button', { name: /^(Generate|Rotate) secret$/ })

async function retype(user: User, label: string, value: string) {
  const field = section().getByLabelText(label, { selector: 'input' })
  await user.clear(field)
  if (value) await user.type(field, value)
  await user.tab()
}

function drive(user: User) {
  const expectReady = async (s: ServiceSecretsSnapshot) => {
    const list = await section().findByRole('list', { name: 'Client secrets' })
    await waitFor(() =>
      expect(within(list).queryAllByRole('listitem')).toHaveLength(s.context.secrets.length),
    )
    for (const secret of s.context.secrets)
      expect(section().getByRole('button', { name: `Revoke secret ${secret.name}` })).toBeEnabled()
    if (s.can({ type: 'secrets.generate' })) expect(generateButton()).toBeEnabled()
    else expect(generateButton()).toBeDisabled()
    // The overlap's verdict as the screen shows it (Generate above says whether both pass).
    const overlap = section().getByLabelText<HTMLInputElement>(
      'Hours the current secrets keep working',
      { selector: 'input' },
    ).value
    expect(!overlapError(overlap)).toBe(!overlapError(s.context.overlapHours))
    if (s.context.created) {
      const shown = section().getByRole('status')
      expect(shown).toHaveTextContent(s.context.created.name)
      expect(shown).toHaveTextContent(SECRET_VALUE)
    } else expect(screen.queryByText(SECRET_VALUE)).toBeNull()
    if (s.hasTag('error'))
      expect(await section().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(section().queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  }
  return {
    states: {
      loading: async () => {
        const call = await server.last('listServiceSecrets')
        expect(call.args[0]).toBe(SERVICE_ID)
      },
      unavailable: async (s: ServiceSecretsSnapshot) => {
        expect(await section().findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
        expect(section().getByRole('button', { name: 'Try again' })).toBeEnabled()
      },
      'ready.idle': expectReady,
      'ready.rejected': expectReady,
      generating: async (s: ServiceSecretsSnapshot) => {
        await waitFor(() => expect(generateButton()).toBeDisabled())
        const call = await server.last('createServiceSecret')
        expect(call.args).toEqual([
          SERVICE_ID,
          { name: s.context.name.trim(), overlapHours: Number(s.context.overlapHours) },
        ])
      },
      confirmingRevoke: async (s: ServiceSecretsSnapshot) => {
        const dialog = await screen.findByRole('alertdialog', { name: 'Revoke secret?' })
        expect(dialog).toHaveTextContent(s.context.revoking?.name ?? '—')
        expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled()
      },
      revoking: async (s: ServiceSecretsSnapshot) => {
        const call = await server.last('revokeServiceSecret')
        expect(call.args).toEqual([SERVICE_ID, s.context.revoking?.id])
      },
    },
    events: {
      'xstate.done.actor.listSecrets': async ({ event }: Step) =>
        (await server.last('listServiceSecrets')).resolve(event.output),
      'xstate.error.actor.listSecrets': async ({ event }: Step) =>
        (await server.last('listServiceSecrets')).reject(event.error),
      'secrets.retry': () => user.click(section().getByRole('button', { name: 'Try again' })),
      'secrets.nameChanged': ({ event }: Step) => retype(user, 'Secret name', event.value ?? ''),
      'secrets.overlapChanged': ({ event }: Step) =>
        retype(user, 'Hours the current secrets keep working', event.value ?? ''),
      'secrets.generate': () => user.click(generateButton()),
      'xstate.done.actor.createSecret': async ({ event }: Step) =>
        (await server.last('createServiceSecret')).resolve(event.output),
      'xstate.error.actor.createSecret': async ({ event }: Step) =>
        (await server.last('createServiceSecret')).reject(event.error),
      'secrets.dismiss': () => user.click(section().getByRole('button', { name: 'Done' })),
      'secrets.revoke': ({ event }: Step) => {
        const { secret } = event as unknown as { secret: { name: string } }
        return user.click(section().getByRole('button', { name: `Revoke secret ${secret.name}` }))
      },
      'secrets.confirm': () =>
        user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' })),
      'secrets.cancel': () =>
        user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.revokeSecret': async ({ event }: Step) =>
        (await server.last('revokeServiceSecret')).resolve(event.output),
      'xstate.error.actor.revokeSecret': async ({ event }: Step) =>
        (await server.last('revokeServiceSecret')).reject(event.error),
    },
  }
}

describe('service secrets statechart, driving the Client secrets section', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes', () => {
    const model = serviceSecretsPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      render(
        <Signed provide={provide}>
          <ServiceSecrets service={aService({ clientType: 'confidential' })} />
        </Signed>,
      )
      await view.drive(path, drive(userEvent.setup()))
      expect(screen.queryByText('undefined')).toBeNull()
    })
  }
})
