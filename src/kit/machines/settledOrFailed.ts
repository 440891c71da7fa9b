import { keyed } from './keyed'

/**
 * The sub-states of a state that reports its last refusal, under the names its chart gave them:
 * `quiet` (nothing to report, where it starts; `says.quiet` unless 'Nothing to report.') and
 * `failed` (tagged 'error'; `says.failed` says what was refused). Spread into the state.
 */
export const quietOrFailed = <const TQuiet extends string, const TFailed extends string>(
  quiet: TQuiet,
  failed: TFailed,
  says: { quiet?: string; failed: string },
) =>
  ({
    initial: quiet,
    states: {
      ...keyed(quiet, { description: says.quiet ?? 'Nothing to report.' }),
      ...keyed(failed, { description: says.failed, tags: ['error'] }),
    },
  }) as const

/** The same as 'settled' (where it starts) and 'failed'. */
export const settledOrFailed = (failed: string) => quietOrFailed('settled', 'failed', { failed })
