import { Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ConditionalActor, ConditionalSnapshot } from '../../machines/conditional.machine'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../../kit/views/dialog/DialogFrame'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { ConditionForm } from './ConditionForm'

const selectView = (s: ConditionalSnapshot) => ({
  canSave: s.can({ type: 'conditional.save' }),
  canCancel: s.can({ type: 'conditional.cancel' }),
  saving: s.hasTag('saving'),
  loading: s.hasTag('loading'),
  missing: s.hasTag('missing') || (!s.hasTag('loading') && !s.context.leaf?.leaf?.key),
  error: s.context.error,
})

/**
 * 'Conditional Attribute' (SPEC.md §2): when the leaf has one of the chosen values, a later
 * sibling is included. Save stores the condition and closes; Cancel closes. Its statechart is the
 * tree's child while it is open.
 */
export function ConditionalDialog({ actor }: { actor: ConditionalActor }) {
  const { canSave, canCancel, saving, loading, missing, error } = useSelector(
    actor,
    selectView,
    shallowEqual,
  )
  const cancel = () => actor.send({ type: 'conditional.cancel' })
  return (
    <DialogFrame
      title="Conditional Attribute"
      description="Include a later branch or leaf only when this leaf has certain values."
      onClose={cancel}
      canClose={canCancel}
      maxWidth={{ initial: '100%', xs: '600px' }}
    >
      <SubmitForm
        label="Conditional Attribute"
        gap={null}
        onSubmit={() => actor.send({ type: 'conditional.save' })}
      >
        {loading ? (
          <Text as="p" color="gray">
            Loading…
          </Text>
        ) : missing ? (
          <Text as="p" color="red" role="alert">
            This leaf is not in the local data. It may have been removed.
          </Text>
        ) : (
          <ConditionForm actor={actor} />
        )}
        <ErrorText message={error} />
        <DialogActions
          mt="4"
          canCancel={canCancel}
          onCancel={cancel}
          confirmLabel="Save"
          busy={saving}
          canConfirm={canSave}
        />
      </SubmitForm>
    </DialogFrame>
  )
}
