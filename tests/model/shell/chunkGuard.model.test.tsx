import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CHUNK_RELOAD_DELAY_MS,
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
} from '../../../src/data/prefs/chunkReload'
import {
  AFTER_RELOAD_DELAY as AFTER,
  RELOADED_BEFORE_MS,
  firstFailurePaths,
  windowSpentPaths,
} from '../../../src/areas/shell/paths/chunkGuard.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { chunkGuardMachine } from '../../../src/areas/shell/machines/chunkGuard.machine'
import { ChunkFailure, CHUNK_FAILURE_MESSAGE } from '../../../src/areas/shell/views/ChunkFailure'
import { testSession, WithSession } from '../../setup/session'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const NOW = 1_000_000

// A first failure, and one right after the page reloaded for another (the window is spent).
const runs = [
  { model: firstFailurePaths, lastReload: null },
  { model: windowSpentPaths, lastReload: NOW - RELOADED_BEFORE_MS },
].map((run) => ({ ...run, paths: buildPaths(run.model).paths }))
const paths = runs.flatMap(({ model, paths, lastReload }) =>
  paths.map((path) => ({ path, lastReload, input: model.input })),
)
const view = viewCoverage({ machine: chunkGuardMachine })

/** The failure view as the router shows it, its page reload replaced by a spy. */
function show(lastReload: number | null) {
  if (lastReload !== null) sessionStorage.setItem(CHUNK_RELOAD_KEY, String(lastReload))
  const reloadPage = vi.fn()
  const guard = chunkGuardMachine.provide({ actions: { reloadPage } })
  render(
    <WithSession session={testSession()} provide={[guard]}>
      <ChunkFailure />
    </WithSession>,
  )
  return { reloadPage }
}

type Shown = ReturnType<typeof show>
const stored = () => sessionStorage.getItem(CHUNK_RELOAD_KEY)

function drive(shown: Shown, lastReload: number | null) {
  const messageShows = () => {
    expect(screen.getByText(CHUNK_FAILURE_MESSAGE)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled()
  }
  return {
    states: {
      waiting: () => {
        messageShows()
        expect(shown.reloadPage).not.toHaveBeenCalled()
      },
      held: () => {
        messageShows()
        // However long it stays, this failure does not reload the page by itself.
        act(() => {
          vi.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS)
        })
        expect(shown.reloadPage).not.toHaveBeenCalled()
        expect(stored()).toBe(String(lastReload))
      },
      reloading: () => {
        expect(shown.reloadPage).toHaveBeenCalledTimes(1)
        // The reload's time starts the window, and outlives the page in sessionStorage.
        expect(stored()).toBe(String(NOW + CHUNK_RELOAD_DELAY_MS))
      },
      refreshing: () => {
        expect(shown.reloadPage).toHaveBeenCalledTimes(1)
        // A manual refresh does not spend the automatic reload.
        expect(stored()).toBe(lastReload === null ? null : String(lastReload))
      },
    },
    events: {
      [AFTER]: () => {
        act(() => {
          vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS - 1)
        })
        expect(shown.reloadPage).not.toHaveBeenCalled()
        act(() => {
          vi.advanceTimersByTime(1)
        })
      },
      'chunk.refresh': () => {
        fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
      },
    },
  }
}

describe('chunk-load failure guard statechart, driving the failure view', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
    sessionStorage.clear()
  })

  it('takes only steps the production machine takes', () => {
    const coverage = coverageOf(
      chunkGuardMachine,
      runs.map(({ model, paths }) => ({ input: model.input, paths })),
    )
    expect(coverage.refused).toEqual([])
  })

  for (const { path, lastReload, input } of paths) {
    it(`${lastReload === null ? 'first failure' : 'window spent'}: ${describePath(path)}`, async () => {
      await view.drive(path, drive(show(lastReload), lastReload), input)
    })
  }

  it('reloads again for a failure once the 10-second window has passed', () => {
    const shown = show(NOW - CHUNK_RELOAD_WINDOW_MS)
    act(() => {
      vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    })
    expect(shown.reloadPage).toHaveBeenCalledTimes(1)
  })
})
