import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { explainPaths, searchFailure } from '../../../src/areas/users/paths/explain.paths'
import { accessUser as shown, held } from '../../../src/areas/users/paths/access.fixtures'
import type {
  ExplainSnapshot,
  PickerMatch,
} from '../../../src/areas/users/machines/explain.machine'
import { kindOf } from '../../../src/areas/users/machines/explain.setup'
import { answerWord, TARGET_WORDS } from '../../../src/areas/users/machines/explain.messages'
import type { Permission } from '../../../schema/permissions'
import { permissionLabel } from '../../../src/areas/users/views/permissionText'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { pick, renderAccess } from './access.support'

const { paths } = buildPaths(explainPaths)
const view = viewCoverage(explainPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderAccess>>

const section = () => screen.getByRole('region', { name: 'Why can they?' })
const answer = () => within(section()).getByRole('region', { name: 'Answer' })
const finds = () => server.calls.filter((c) => c.name === 'findTargets')
const targetBox = (s: ExplainSnapshot) => {
  const kind = kindOf(s.context)
  return kind ? within(section()).queryByRole('textbox', { name: TARGET_WORDS[kind].label }) : null
}

function drive(app: App) {
  const expectScreen = async (s: ExplainSnapshot) => {
    const { permission, text, matches, explanation, error } = s.context
    const select = within(section()).getByRole('combobox', { name: 'Permission' })
    await waitFor(() =>
      expect(select).toHaveTextContent(
        permission ? permissionLabel(permission) : 'Choose a permission',
      ),
    )
    const kind = kindOf(s.context)
    if (kind) expect(targetBox(s)).toHaveValue(text)
    else expect(within(section()).queryByRole('textbox')).toBeNull()
    if (s.hasTag('searching'))
      expect(await within(section()).findByText('Searching…')).toBeVisible()
    else expect(within(section()).queryByText('Searching…')).toBeNull()
    const offered = s.hasTag('offered')
    if (offered) {
      const list = await within(section()).findByRole('list', { name: 'Matching users' })
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(matches.map((m) => m.name + m.detail))
    } else expect(within(section()).queryByRole('list', { name: 'Matching users' })).toBeNull()
    const ask = within(section()).getByRole('button', { name: 'Ask' })
    if (s.can({ type: 'explain.ask' })) expect(ask).toBeEnabled()
    else await waitFor(() => expect(ask).toBeDisabled())
    if (s.hasTag('busy')) expect(within(answer()).getByText('Asking…')).toBeVisible()
    else expect(within(answer()).queryByText('Asking…')).toBeNull()
    expect(answer()).toHaveAttribute('aria-live', 'polite')
    if (explanation) {
      expect(await within(answer()).findByText(answerWord(explanation.allowed))).toBeVisible()
      expect(within(answer()).getByText(explanation.answer)).toBeVisible()
      const reasons = within(answer()).getByRole('list', { name: 'Reasons' })
      expect(
        within(reasons)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(explanation.reasons)
    } else expect(within(answer()).queryByRole('list', { name: 'Reasons' })).toBeNull()
    const alerts = within(section())
      .queryAllByRole('alert')
      .map((a) => a.textContent)
    const expected = [
      ...(s.hasTag('error') && s.context.searchError
        ? [`The search failed: ${searchFailure.message}`]
        : []),
      ...(error && !s.hasTag('busy') ? [`The question could not be answered: ${error}`] : []),
    ]
    expect(alerts).toEqual(expected)
  }

  let findsWhenTyped = 0
  return {
    states: {
      '#explain.target.searching': async (s: ExplainSnapshot) => {
        await expectScreen(s)
        expect(finds().at(-1)?.args).toEqual([kindOf(s.context), s.context.text.trim()])
      },
      '#explain.answer.asking': async (s: ExplainSnapshot) => {
        await expectScreen(s)
        expect((await server.last('askServer')).args).toEqual([
          {
            user: shown.id,
            permission: s.context.permission,
            target: s.context.target?.id ?? null,
          },
        ])
      },
      '*': expectScreen,
    },
    events: {
      'explain.permissionPicked': ({ event }: Step) => {
        const { permission } = event as unknown as { permission: Permission }
        return pick(app.user, section(), 'Permission', permissionLabel(permission))
      },
      'explain.typed': ({ event }: Step) => {
        const { text } = event as unknown as { text: string }
        findsWhenTyped = finds().length
        const box = within(section()).getByRole('textbox')
        fireEvent.change(box, { target: { value: text } })
      },
      'explain.chosen': async ({ event }: Step) => {
        const { match } = event as unknown as { match: PickerMatch }
        await app.user.click(
          within(section()).getByRole('button', { name: new RegExp(`^${match.name}`) }),
        )
      },
      'explain.ask': () => app.user.click(within(section()).getByRole('button', { name: 'Ask' })),
      'xstate.after.searchDebounce.explain.target.waiting': () =>
        waitFor(() => expect(finds()).toHaveLength(findsWhenTyped + 1)),
      'xstate.done.actor.findTargets': async ({ event }: Step) =>
        (await server.last('findTargets')).resolve(event.output),
      'xstate.error.actor.findTargets': async ({ event }: Step) =>
        (await server.last('findTargets')).reject(event.error),
      'xstate.done.actor.askServer': async ({ event }: Step) =>
        (await server.last('askServer')).resolve(event.output),
      'xstate.error.actor.askServer': async ({ event }: Step) =>
        (await server.last('askServer')).reject(event.error),
    },
  }
}

describe('the explain box, driving "Why can they?" of the user detail', () => {
  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(explainPaths.machine, [{ input: explainPaths.input, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderAccess(shown, held)
      await screen.findByRole('region', { name: 'Why can they?' })
      await view.drive(path, drive(app))
    })
  }
})
