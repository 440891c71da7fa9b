import { Box, Button, Checkbox, Flex, RadioGroup, Select, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import { PERMISSION_TEXT, permissionLabel } from '../../../../schema/permission-text'
import type { NewTokenActor, NewTokenSnapshot } from '../machines/newToken.machine'
import {
  EMPTY_MESSAGE,
  EXPIRY_CHOICES,
  grantablePermissions,
  nameError,
  carriesNothing,
  type ExpiryChoice,
} from '../machines/newToken.rules'
import {
  selectBusy,
  selectCanCancel,
  selectCanCreate,
  selectDateBounds,
  selectDateError,
  selectEditable,
  selectError,
  selectFields,
  selectFormOpen,
  selectGroups,
  selectHeld,
  selectLoading,
  selectRoles,
  selectUnavailable,
} from '../machines/newToken.selectors'
import { DialogActions } from '../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../kit/views/dialog/DialogFrame'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { FormField } from '../../../kit/views/form/FormField'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { Reading } from '../../../kit/views/page/ReadStatus'

const ALL_USERS = 'all'

const selectForm = (s: NewTokenSnapshot) => ({
  open: selectFormOpen(s),
  loading: selectLoading(s),
  unavailable: selectUnavailable(s),
  busy: selectBusy(s),
  error: selectError(s),
  editable: selectEditable(s),
  canCreate: selectCanCreate(s),
  canCancel: selectCanCancel(s),
})

/**
 * New token (issue 31): the name, the roles and permissions it carries (only those the caller
 * holds), an optional group scope and a required expiry of at most a year. The server's refusal
 * shows in the dialog and the input stays.
 */
export function NewTokenDialog({ actor }: { actor: NewTokenActor }) {
  const { open, loading, unavailable, busy, error, editable, canCreate, canCancel } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  const cancel = () => actor.send({ type: 'newToken.cancel' })
  return (
    <DialogFrame
      open={open}
      onClose={cancel}
      canClose={canCancel}
      returnFocus
      title="New token"
      description="A token lets a script call the Gatehouse API with no more than you hold, until it expires or you revoke it."
      maxWidth={{ initial: '100%', xs: '560px' }}
    >
      <SubmitForm label="New token" onSubmit={() => actor.send({ type: 'newToken.create' })}>
        {loading && <Reading message="Loading the roles and groups…" />}
        {unavailable && (
          <Flex direction="column" gap="2" align="start">
            <ErrorCallout message={`The roles and groups could not be loaded: ${error ?? ''}`} />
            <Button
              type="button"
              variant="soft"
              onClick={() => actor.send({ type: 'newToken.retry' })}
            >
              Try again
            </Button>
          </Flex>
        )}
        {!loading && !unavailable && <TokenFields actor={actor} busy={busy || !editable} />}
        {error && !unavailable && <ErrorCallout message={error} />}
        <DialogActions
          canCancel={canCancel}
          onCancel={cancel}
          confirmLabel="Create"
          canConfirm={canCreate}
          busy={busy && !loading}
        />
      </SubmitForm>
    </DialogFrame>
  )
}

const selectChoices = (s: NewTokenSnapshot) => ({
  fields: selectFields(s),
  roles: selectRoles(s),
  groups: selectGroups(s),
  held: selectHeld(s),
  bounds: selectDateBounds(s),
  dateError: selectDateError(s),
})

function TokenFields({ actor, busy }: { actor: NewTokenActor; busy: boolean }) {
  const { fields, roles, groups, held, bounds, dateError } = useSelector(
    actor,
    selectChoices,
    (a, b) =>
      shallowEqual({ ...a, bounds: null }, { ...b, bounds: null }) && a.bounds.min === b.bounds.min,
  )
  const id = useId()
  const permissions = grantablePermissions(held)
  return (
    <>
      <FormField
        label="Name"
        autoComplete="off"
        placeholder="Nightly export"
        readOnly={busy}
        value={fields.name}
        error={nameError(fields.name)}
        hint="What the token is for, so you know it again."
        onValueChange={(value) => actor.send({ type: 'newToken.name', value })}
      />
      {roles.length > 0 && (
        <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-roles`}>
          <Text id={`${id}-roles`} size="2" weight="medium">
            Roles
          </Text>
          {roles.map((role) => (
            <Text as="label" size="2" key={role.id}>
              <Flex gap="2" align="start">
                <Checkbox
                  checked={fields.roles.includes(role.id)}
                  disabled={busy}
                  aria-labelledby={`${id}-rn-${role.id}`}
                  aria-describedby={`${id}-role-${role.id}`}
                  onCheckedChange={(on) =>
                    actor.send({ type: 'newToken.role', roleId: role.id, on: on === true })
                  }
                />
                <Flex direction="column" minWidth="0">
                  <Text id={`${id}-rn-${role.id}`}>{role.name}</Text>
                  <Text id={`${id}-role-${role.id}`} size="1" color="gray">
                    {role.description}
                  </Text>
                </Flex>
              </Flex>
            </Text>
          ))}
        </Flex>
      )}
      <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-permissions`}>
        <Text id={`${id}-permissions`} size="2" weight="medium">
          {roles.length > 0 ? 'Other permissions' : 'Permissions'}
        </Text>
        {permissions.map((permission) => (
          <Text as="label" size="2" key={permission}>
            <Flex gap="2" align="start">
              <Checkbox
                checked={fields.permissions.includes(permission)}
                disabled={busy}
                aria-labelledby={`${id}-pn-${permission}`}
                aria-describedby={`${id}-p-${permission}`}
                onCheckedChange={(on) =>
                  actor.send({ type: 'newToken.permission', permission, on: on === true })
                }
              />
              <Flex direction="column" minWidth="0">
                <Text id={`${id}-pn-${permission}`}>{permissionLabel(permission)}</Text>
                <Text id={`${id}-p-${permission}`} size="1" color="gray">
                  <Text style={{ fontFamily: 'var(--code-font-family)' }}>{permission}</Text>:{' '}
                  {PERMISSION_TEXT[permission]}
                </Text>
              </Flex>
            </Flex>
          </Text>
        ))}
        {carriesNothing(fields) && (
          <Text size="1" color="gray">
            {EMPTY_MESSAGE}
          </Text>
        )}
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="div" id={`${id}-scope`} size="2" weight="medium">
          Users it acts on
        </Text>
        <Select.Root
          size="3"
          disabled={busy}
          value={fields.groupId ?? ALL_USERS}
          onValueChange={(value) =>
            actor.send({ type: 'newToken.group', groupId: value === ALL_USERS ? null : value })
          }
        >
          <Select.Trigger aria-labelledby={`${id}-scope`} />
          <Select.Content>
            <Select.Item value={ALL_USERS}>All users</Select.Item>
            {groups.map((group) => (
              <Select.Item key={group.id} value={group.id}>
                Group {group.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Text size="1" color="gray">
          A group limits what the token does to users, their sessions and logs to its members.
        </Text>
      </Flex>
      <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-expiry`}>
        <Text id={`${id}-expiry`} size="2" weight="medium">
          Expires after
        </Text>
        <RadioGroup.Root
          value={fields.expiry}
          disabled={busy}
          aria-labelledby={`${id}-expiry`}
          onValueChange={(value) =>
            actor.send({ type: 'newToken.expiry', expiry: value as ExpiryChoice })
          }
        >
          <Flex gap="3" wrap="wrap">
            {EXPIRY_CHOICES.map((choice) => (
              <RadioGroup.Item key={choice.value} value={choice.value}>
                {choice.label}
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
        {fields.expiry === 'date' && (
          <Box maxWidth="240px">
            <FormField
              label="Expiry date"
              type="date"
              min={bounds.min}
              max={bounds.max}
              readOnly={busy}
              value={fields.date}
              error={dateError}
              hint="At most a year from today."
              onValueChange={(value) => actor.send({ type: 'newToken.date', value })}
            />
          </Box>
        )}
      </Flex>
    </>
  )
}
