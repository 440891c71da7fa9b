import { keyed } from './keyed'

/** What one confirm-then-act chart names and says in its dialog's states (`confirmDialog`). */
export type ConfirmDialogSpec<
  TConfirm extends string,
  TCancel extends string,
  TActing extends string,
  TBack extends string,
> = {
  /** Its events: the dialog's action button, and Cancel (or Escape, or a click outside). */
  confirm: TConfirm
  cancel: TCancel
  /** The state that acts once confirmed, and the one Cancel goes back to. */
  acting: TActing
  back: TBack
  /** Tags both states carry besides 'open' (and 'error' when it failed), naming the dialog. */
  tags?: readonly string[]
  says: {
    /** The dialog as it opens, and the action button pressed. */
    asking: string
    confirmed: string
    cancelled: string
    /** The dialog after a failure, the button pressed again, and giving up. */
    failed: string
    again: string
    gaveUp: string
  }
}

/**
 * The dialog of an action taken after a confirmation: `confirming` (the action goes to `acting`,
 * Cancel back to `back`) and `failed` (why shows: the action again, or give up). Both are tagged
 * 'open' (the dialog shows), and `tags`; each machine places them among its own states.
 */
export const confirmDialog = <
  const TConfirm extends string,
  const TCancel extends string,
  const TActing extends string,
  const TBack extends string,
>(
  spec: ConfirmDialogSpec<TConfirm, TCancel, TActing, TBack>,
) =>
  ({
    confirming: {
      description: spec.says.asking,
      tags: ['open', ...(spec.tags ?? [])],
      on: {
        ...keyed(spec.confirm, { target: spec.acting, description: spec.says.confirmed }),
        ...keyed(spec.cancel, { target: spec.back, description: spec.says.cancelled }),
      },
    },
    failed: {
      description: spec.says.failed,
      tags: ['open', ...(spec.tags ?? []), 'error'],
      on: {
        ...keyed(spec.confirm, { target: spec.acting, description: spec.says.again }),
        ...keyed(spec.cancel, { target: spec.back, description: spec.says.gaveUp }),
      },
    },
  }) as const
