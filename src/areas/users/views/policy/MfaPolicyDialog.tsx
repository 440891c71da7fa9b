import { Box, Button, Flex, Heading, RadioGroup, Separator, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { Fragment, useId } from 'react'
import { MFA_POLICY_MODES, type MfaPolicyMode } from '../../../../../schema/factors'
import type { UserType } from '../../../../../schema/permissions'
import type { MfaPolicyActor, MfaPolicySnapshot } from '../../machines/mfaPolicy.machine'
import {
  graceError,
  MODE_HINT,
  MODE_LABEL,
  POLICY_TYPES,
  TYPE_HINT,
  TYPE_LABEL,
} from '../../machines/mfaPolicy.messages'
import { CreateDialog } from '../../../../kit/views/create/CreateDialog'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { FormField } from '../../../../kit/views/form/FormField'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { ReadFailure, Reading } from '../../../../kit/views/page/ReadStatus'
import { ErrorText } from '../../../../kit/views/form/ErrorText'

const selectCanClose = (s: MfaPolicySnapshot) => s.can({ type: 'policy.close' })
const selectBody = (s: MfaPolicySnapshot) => ({
  loading: s.hasTag('busy') && s.context.policies.length === 0,
  readError: s.can({ type: 'policy.retry' }) ? s.context.error : null,
  ready: s.context.policies.length > 0,
  writable: s.context.writable,
})
/** One user type's row: its draft, what is saved, and whether this row is saving or refused. */
const selectRow = (s: MfaPolicySnapshot, type: UserType) => ({
  draft: s.context.drafts[type],
  saved: s.context.policies.find((p) => p.type === type),
  canSave: s.can({ type: 'policy.save', userType: type }),
  writable: s.context.writable,
  busy: s.hasTag('busy'),
  savingHere: s.hasTag('busy') && s.context.row === type,
  refusal: s.hasTag('error') && s.context.row === type ? s.context.error : null,
})

/**
 * The Second-factor policy dialog: one row per user type. Opened by the chart (no Trigger): the
 * focus goes back to the button when it closes.
 */
export function MfaPolicyDialog({ actor }: { actor: MfaPolicyActor }) {
  const canClose = useSelector(actor, selectCanClose)
  return (
    <CreateDialog
      actor={actor}
      close={{ type: 'policy.close' }}
      title="Second-factor policy"
      description="What each type of user needs besides the password. Every change is written to the audit log."
      maxWidth="600px"
    >
      <PolicyBody actor={actor} />
      <DialogActions
        mt="4"
        cancelLabel="Close"
        canCancel={canClose}
        onCancel={() => actor.send({ type: 'policy.close' })}
      />
    </CreateDialog>
  )
}

function PolicyBody({ actor }: { actor: MfaPolicyActor }) {
  const { loading, readError, ready, writable } = useSelector(actor, selectBody, shallowEqual)
  if (loading) return <Reading message="Loading the policy…" />
  if (readError)
    return (
      <ReadFailure
        message="The policy could not be read"
        error={readError}
        onRetry={() => actor.send({ type: 'policy.retry' })}
      />
    )
  if (!ready) return null
  return (
    <Flex direction="column" gap="4">
      {!writable && (
        <Text size="2" color="gray">
          You may look at the policy; changing it needs the users.write permission.
        </Text>
      )}
      {POLICY_TYPES.map((type, index) => (
        <Fragment key={type}>
          {index > 0 && <Separator size="4" />}
          <PolicyRow actor={actor} type={type} />
        </Fragment>
      ))}
    </Flex>
  )
}

function PolicyRow({ actor, type }: { actor: MfaPolicyActor; type: UserType }) {
  const { draft, saved, canSave, writable, busy, savingHere, refusal } = useSelector(
    actor,
    (s) => selectRow(s, type),
    shallowEqual,
  )
  const id = useId()
  const required = draft.mode === 'required'
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'policy.save', userType: type })
      }}
    >
      <Flex direction="column" gap="3">
        <Box>
          <Heading as="h3" size="3" id={`${id}-title`}>
            {TYPE_LABEL[type]}
          </Heading>
          <Text size="1" color="gray">
            {TYPE_HINT[type]}
            {saved?.requiredSince &&
              ` A second factor has been required since ${formatDateTime(saved.requiredSince)}.`}
          </Text>
        </Box>
        <Flex direction="column" gap="2">
          <Text id={`${id}-mode`} size="2" weight="medium">
            Second factor
          </Text>
          <RadioGroup.Root
            aria-labelledby={`${id}-mode`}
            aria-describedby={`${id}-hint`}
            value={draft.mode}
            disabled={!writable || busy}
            onValueChange={(mode) =>
              actor.send({
                type: 'policy.modeChanged',
                userType: type,
                mode: mode as MfaPolicyMode,
              })
            }
          >
            <Flex gap="4" wrap="wrap">
              {MFA_POLICY_MODES.map((mode) => (
                <RadioGroup.Item key={mode} value={mode}>
                  {MODE_LABEL[mode]}
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
          <Text id={`${id}-hint`} size="1" color="gray">
            {MODE_HINT[draft.mode]}
          </Text>
        </Flex>
        {required && (
          <Box maxWidth="200px">
            <FormField
              label="Grace days"
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              size="2"
              readOnly={!writable || busy}
              value={draft.graceDays}
              error={graceError(draft.graceDays)}
              validateOnChange
              onValueChange={(value) =>
                actor.send({ type: 'policy.graceChanged', userType: type, value })
              }
            />
          </Box>
        )}
        <ErrorText message={refusal} />
        {writable && (
          <Flex justify="end">
            <Button type="submit" loading={savingHere} disabled={!canSave}>
              Save
            </Button>
          </Flex>
        )}
      </Flex>
    </form>
  )
}
