import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import { logsPickerPaths, searchFailure } from '../../../src/areas/logs/paths/logsPicker.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { logsListMachine } from '../../../src/areas/logs/machines/logsList.machine'
import {
  logsPickerMachine,
  type LogsPickerEvent,
  type LogsPickerSnapshot,
  type PickerMatch,
} from '../../../src/areas/logs/machines/logsPicker.machine'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'

const { paths } = buildPaths(logsPickerPaths)
const view = viewCoverage(logsPickerPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }
type Watch = { kind: string; id: string; sendBack: (event: LogsPickerEvent) => void }

// The list's reads wait for ever: this test is about the filter bar.
const stubbedLogs = logsListMachine.provide({
  actors: { loadPage: stubbed('loadPage', () => []) as never },
})

/** Each picker's watch of its filter's name, newest last; a step sends what the cache would. */
const watches: Watch[] = []
const stubbedPicker = logsPickerMachine.provide({
  actors: {
    findMatches: stubbed('findMatches', (input: { kind: string; text: string }) => [
      input.kind,
      input.text,
    ]) as never,
    watchName: fromCallback<LogsPickerEvent, { kind: string; id: string }>(
      ({ input, sendBack }) => void watches.push({ ...input, sendBack }),
    ) as never,
  },
})

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'User' })
const finds = () => server.calls.filter((c) => c.name === 'findMatches')
const userWatch = () => watches.filter((w) => w.kind === 'user').at(-1)

function drive(app: App) {
  /** Everything the model says the screen shows, checked on the real screen. */
  const expectScreen = async (s: LogsPickerSnapshot) => {
    const { text, matches, active, more, value, name } = s.context
    await waitFor(() => expect(box()).toHaveValue(text))
    const open = s.matches({ search: 'open' })
    expect(box()).toHaveAttribute('aria-expanded', String(open))
    if (s.hasTag('busy')) expect(await screen.findByText('Searching…')).toBeVisible()
    else expect(screen.queryByText('Searching…')).toBeNull()
    if (s.matches({ search: { open: 'results' } })) {
      const list = await screen.findByRole('listbox', { name: 'User' })
      const options = within(list).getAllByRole('option')
      expect(options.map((o) => o.textContent)).toEqual(matches.map((m) => m.name + m.detail))
      await waitFor(() => expect(options[active]).toHaveAttribute('aria-selected', 'true'))
      expect(box()).toHaveAttribute('aria-activedescendant', options[active]!.id)
      expect(box()).toHaveAttribute('aria-controls', list.id)
      expect(screen.getByRole('status')).toHaveTextContent(`${more} more: keep typing to narrow`)
    } else {
      expect(screen.queryByRole('listbox')).toBeNull()
      expect(box()).not.toHaveAttribute('aria-activedescendant')
    }
    if (s.matches({ search: { open: 'noMatches' } }))
      expect(screen.getByRole('status')).toHaveTextContent('No matches')
    if (s.hasTag('error'))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `The users could not be searched in this browser’s data: ${searchFailure.message}`,
      )
    const remove = screen.queryByRole('button', { name: 'Remove the user filter' })
    if (value) {
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Remove the user filter' }).parentElement,
        ).toHaveTextContent(`User ${name ?? `${value.slice(0, 8)}…`}`),
      )
      expect(app.router.state.location.search).toMatchObject({ user: value })
    } else {
      expect(remove).toBeNull()
      expect(app.router.state.location.search).not.toHaveProperty('user')
    }
    if (s.matches({ label: 'following' })) expect(userWatch()?.id).toBe(value)
  }

  // The pause is real time: by the step that says it passed, the search may have started already.
  let findsWhenTyped = 0
  /** Types `text` as one change (the box must change for React to tell). */
  const type = (text: string) => {
    findsWhenTyped = finds().length
    if (box().value === text) fireEvent.change(box(), { target: { value: `${text}x` } })
    fireEvent.change(box(), { target: { value: text } })
  }

  return {
    states: {
      '#logsPicker.search.open.searching': async (s: LogsPickerSnapshot) => {
        await expectScreen(s)
        expect(finds().at(-1)?.args).toEqual(['user', s.context.text.trim()])
      },
      '*': expectScreen,
    },
    events: {
      'picker.typed': ({ event }: Step) => type((event as unknown as { text: string }).text),
      'picker.open': async () => {
        box().focus()
        await app.user.keyboard('{ArrowDown}')
      },
      'picker.close': async () => {
        box().focus()
        await app.user.keyboard('{Escape}')
      },
      'picker.move': async () => {
        box().focus()
        await app.user.keyboard('{ArrowDown}')
      },
      'picker.highlight': async ({ event }: Step) => {
        const { index } = event as unknown as { index: number }
        await app.user.hover(screen.getAllByRole('option')[index]!)
      },
      'picker.choose': async ({ event }: Step) => {
        const { match } = event as unknown as { match: PickerMatch }
        await app.user.click(screen.getByRole('option', { name: new RegExp(match.name) }))
      },
      'picker.valueChanged': async ({ event }: Step) => {
        const { value } = event as unknown as { value: string | null }
        await app.router.navigate({ to: '/logs', search: value ? { user: value } : {} })
      },
      'picker.named': ({ event }: Step) => userWatch()!.sendBack(event as LogsPickerEvent),
      'xstate.after.searchDebounce.logsPicker.search.open.waiting': () =>
        waitFor(() => expect(finds()).toHaveLength(findsWhenTyped + 1)),
      'xstate.done.actor.findMatches': async ({ event }: Step) =>
        (await server.last('findMatches')).resolve(event.output),
      'xstate.error.actor.findMatches': async ({ event }: Step) =>
        (await server.last('findMatches')).reject(event.error),
    },
  }
}

describe('Logs picker statechart, driving the User picker of the Logs screen', () => {
  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(logsPickerPaths.machine, [{ input: logsPickerPaths.input, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      watches.length = 0
      const app = renderApp('/logs', { provide: [stubbedLogs, stubbedPicker] })
      app.gates.fetchSelf.resolve(selfUser())
      await screen.findByRole('heading', { name: 'Logs', level: 1 })
      await screen.findByRole('combobox', { name: 'User' })
      await view.drive(path, drive({ ...app, user: userEvent.setup() }))
    })
  }
})
