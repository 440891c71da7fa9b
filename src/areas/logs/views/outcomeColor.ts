/**
 * An event's outcome badge: green, red, or orange for a refusal. Shown `highContrast`: the soft
 * orange (and green) badges' step-11 text is under 4.5:1 on their tint at 12 px (axe 4.14).
 */
export const OUTCOME_COLOR = { success: 'green', failure: 'red', refused: 'orange' } as const
