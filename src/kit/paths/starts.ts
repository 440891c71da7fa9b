const DAY = 86_400_000

/** The moment `days` from now, as the server writes it: where a model's clock starts. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString()

/**
 * One model per starting point, for a chart whose start is fixed as its screen opens: `modelFor`
 * each key of `starts`, in their order.
 */
export const modelPerStart = <TStart extends string, TModel>(
  starts: Record<TStart, unknown>,
  modelFor: (start: TStart) => TModel,
) =>
  Object.fromEntries(
    (Object.keys(starts) as TStart[]).map((start) => [start, modelFor(start)]),
  ) as Record<TStart, TModel>
