/** An event's outcome badge: green, red, or orange for a refusal. */
export const OUTCOME_COLOR = { success: 'green', failure: 'red', refused: 'orange' } as const
