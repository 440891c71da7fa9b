const DAY_MS = 86_400_000

/**
 * Whole days until `at`, rounded up (9.2 days left reads '10 days'), counted in local calendar
 * time as dayjs's `diff(…, 'day', true)` does (a daylight-saving change between the two does not
 * shift the count). Plain Date arithmetic: dayjs would come with /login for this one line.
 */
export function daysUntil(at: string, now: Date | number): number {
  const end = new Date(at)
  const start = new Date(now)
  const zoneShift = (end.getTimezoneOffset() - start.getTimezoneOffset()) * 60_000
  return Math.ceil((end.getTime() - start.getTime() - zoneShift) / DAY_MS)
}

/** What one warning names and says in the states it shares (`onceWarning`). */
export type OnceWarningSpec<TShow extends string, TDismissal extends string> = {
  /** Where a due warning goes from 'hidden' ('shown', or a state that waits before it). */
  show: TShow
  says: {
    /** 'hidden', and why it leaves it at once. */
    hidden: string
    due: string
    /** 'shown': the dialog. */
    shown: string
  }
  /** The events that put it off from the dialog, each with its description. */
  dismissals: Record<TDismissal, string>
}

/**
 * A dialog that warns once per browser session (the password's expiry, a second factor's grace
 * period): 'hidden', left at once when the guard `isDue` holds; 'shown' (tagged 'open'), whose
 * dismissals run the action `rememberDismissal`; 'dismissed' for the rest of the session. Each
 * machine places the states among its own and names the guard and the action in its `setup`.
 */
export const onceWarning = <const TShow extends string, const TDismissal extends string>(
  spec: OnceWarningSpec<TShow, TDismissal>,
) => {
  const dismissal = (description: string) =>
    ({ target: 'dismissed', actions: 'rememberDismissal', description }) as const
  const on = Object.fromEntries(
    Object.entries<string>(spec.dismissals).map(([type, says]) => [type, dismissal(says)]),
  ) as Record<TDismissal, ReturnType<typeof dismissal>>
  return {
    hidden: {
      description: spec.says.hidden,
      always: { guard: 'isDue', target: spec.show, description: spec.says.due },
    },
    shown: { description: spec.says.shown, tags: ['open'], on },
    dismissed: { description: 'Put off for the rest of this browser session.' },
  } as const
}
