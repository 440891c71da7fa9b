import { Box, Button, Dialog, Flex, Heading, RadioGroup, Separator, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
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
import { useReturnFocus } from '../../../../kit/views/dialog/useReturnFocus'
import { FormField } from '../../../../kit/views/form/FormField'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { ReadFailure, Reading } from '../../../../kit/views/page/ReadStatus'
import { ErrorText } from '../../../../kit/views/form/ErrorText'

const selectOpen = (s: MfaPolicySnapshot) => s.hasTag('open')
const selectLoading = (s: MfaPolicySnapshot) => s.hasTag('busy') && s.context.policies.length === 0
const selectReadError = (s: MfaPolicySnapshot) =>
  s.can({ type: 'policy.retry' }) ? s.context.error : null
const selectReady = (s: MfaPolicySnapshot) => s.context.policies.length > 0
const selectBusy = (s: MfaPolicySnapshot) => s.hasTag('busy')
const selectWritable = (s: MfaPolicySnapshot) => s.context.writable
const selectCanClose = (s: MfaPolicySnapshot) => s.can({ type: 'policy.close' })

/**
 * The Second-factor policy dialog: one row per user type. Opened by the chart (no Trigger): the
 * focus goes back to the button when it closes.
 */
export function MfaPolicyDialog({ actor }: { actor: MfaPolicyActor }) {
  const open = useSelector(actor, selectOpen)
  const canClose = useSelector(actor, selectCanClose)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'policy.close' })
      }}
    >
      <Dialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: '600px' }}
        {...returnFocus}
      >
        <Dialog.Title>Second-factor policy</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          What each type of user needs besides the password. Every change is written to the audit
          log.
        </Dialog.Description>
        <PolicyBody actor={actor} />
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray" disabled={!canClose}>
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

function PolicyBody({ actor }: { actor: MfaPolicyActor }) {
  const loading = useSelector(actor, selectLoading)
  const readError = useSelector(actor, selectReadError)
  const ready = useSelector(actor, selectReady)
  const writable = useSelector(actor, selectWritable)
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
  const draft = useSelector(actor, (s) => s.context.drafts[type])
  const saved = useSelector(actor, (s) => s.context.policies.find((p) => p.type === type))
  const canSave = useSelector(actor, (s) => s.can({ type: 'policy.save', userType: type }))
  const writable = useSelector(actor, selectWritable)
  const busy = useSelector(actor, selectBusy)
  const savingHere = useSelector(actor, (s) => s.hasTag('busy') && s.context.row === type)
  const refusal = useSelector(actor, (s) =>
    s.hasTag('error') && s.context.row === type ? s.context.error : null,
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
