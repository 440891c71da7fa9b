/** What the server refused, and the field it is about (none: it shows under the form). */
export type Refusal<TField> = { message: string | null; field: TField | null }

type Refusable<TField> = {
  hasTag: (tag: 'error') => boolean
  context: { error: string | null; errorField: TField | null }
}

/** A create chart's refusal while it is tagged `error`, else null. */
export const selectRefusal = <TField>(snapshot: Refusable<TField>): Refusal<TField> | null =>
  snapshot.hasTag('error')
    ? { message: snapshot.context.error, field: snapshot.context.errorField }
    : null
