/**
 * The sub-states of a state that reports its last refusal, spread into it: 'settled' (nothing to
 * report, where it starts) and 'failed' (tagged 'error'; `failed` says what was refused).
 */
export const settledOrFailed = (failed: string) =>
  ({
    initial: 'settled',
    states: {
      settled: { description: 'Nothing to report.' },
      failed: { description: failed, tags: ['error'] },
    },
  }) as const
