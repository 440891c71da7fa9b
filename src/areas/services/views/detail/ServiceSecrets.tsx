import { Badge, Box, Button, Callout, Code, Flex, Heading, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  overlapError,
  secretNameError,
  serviceSecretsMachine,
  type ServiceSecretsActor,
  type ServiceSecretsSnapshot,
} from '../../machines/serviceSecrets.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'
import { FormField } from '../../../../kit/views/form/FormField'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import {
  selectSecrets,
  selectName,
  selectOverlap,
  selectCreated,
  selectRevoking,
  selectError,
  selectBusy,
  selectUnavailable,
  selectConfirming,
  selectCanGenerate,
  selectCanConfirm,
  selectCanCancel,
} from '../../machines/serviceSecrets.selectors'

const selectSection = (s: ServiceSecretsSnapshot) => ({
  secrets: selectSecrets(s),
  name: selectName(s),
  overlap: selectOverlap(s),
  created: selectCreated(s),
  revoking: selectRevoking(s),
  error: selectError(s),
  busy: selectBusy(s),
  unavailable: selectUnavailable(s),
  confirming: selectConfirming(s),
  canGenerate: selectCanGenerate(s),
  canConfirm: selectCanConfirm(s),
  canCancel: selectCanCancel(s),
})

/** A confidential service's client secrets (docs/sso.md, "Secrets"), for staff who may change it. */
export function ServiceSecrets({ service }: { service: Service }) {
  const actor = useScreenActor(serviceSecretsMachine, { input: { serviceId: service.id } })
  return actor ? <SecretsSection actor={actor} /> : null
}

function SecretsSection({ actor }: { actor: ServiceSecretsActor }) {
  const {
    secrets,
    name,
    overlap,
    created,
    revoking,
    error,
    busy,
    unavailable,
    confirming,
    canGenerate,
    canConfirm,
    canCancel,
  } = useSelector(actor, selectSection, shallowEqual)
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="service-secrets">
        <Heading as="h3" size="3" id="service-secrets">
          Client secrets
        </Heading>
        {error && <ErrorCallout message={error} />}
        {unavailable && (
          <Box>
            <Button variant="soft" onClick={() => actor.send({ type: 'secrets.retry' })}>
              Try again
            </Button>
          </Box>
        )}
        {created && (
          <Callout.Root color="green" role="status">
            <Callout.Text>
              The secret “{created.name}” — copy it now, it is not shown again:
            </Callout.Text>
            <Code size="3" style={{ overflowWrap: 'anywhere', userSelect: 'all' }}>
              {created.value}
            </Code>
            <Box>
              <Button
                size="1"
                variant="soft"
                onClick={() => actor.send({ type: 'secrets.dismiss' })}
              >
                Done
              </Button>
            </Box>
          </Callout.Root>
        )}
        {!unavailable && (
          <ul aria-label="Client secrets" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {secrets.length === 0 && !busy && (
              <Text as="p" color="gray" size="2">
                No secret yet: the service cannot sign anyone in until it has one.
              </Text>
            )}
            {secrets.map((secret) => (
              <Flex asChild key={secret.id} justify="between" align="center" gap="3" py="1">
                <li>
                  <Box minWidth="0">
                    <Text as="div" size="2" weight="medium" style={{ overflowWrap: 'anywhere' }}>
                      {secret.name}{' '}
                      {secret.expiresAt ? (
                        <Badge color="amber">Expires {formatDateTime(secret.expiresAt)}</Badge>
                      ) : (
                        <Badge color="green">Current</Badge>
                      )}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      Created {formatDateTime(secret.createdAt)}
                    </Text>
                  </Box>
                  <Button
                    size="1"
                    color="red"
                    variant="soft"
                    disabled={busy}
                    aria-label={`Revoke secret ${secret.name}`}
                    onClick={() => actor.send({ type: 'secrets.revoke', secret })}
                  >
                    Revoke
                  </Button>
                </li>
              </Flex>
            ))}
          </ul>
        )}
        <SubmitForm
          label="New secret"
          gap="3"
          onSubmit={() => actor.send({ type: 'secrets.generate' })}
        >
          <FormField
            // A new secret starts a fresh form: its emptied name is not yet 'touched'.
            key={created?.value ?? 'none'}
            label="Secret name"
            autoComplete="off"
            readOnly={busy}
            value={name}
            error={secretNameError(name)}
            onValueChange={(value) => actor.send({ type: 'secrets.nameChanged', value })}
          />
          <FormField
            label="Hours the current secrets keep working"
            inputMode="numeric"
            readOnly={busy}
            value={overlap}
            error={overlapError(overlap)}
            onValueChange={(value) => actor.send({ type: 'secrets.overlapChanged', value })}
          />
          <Flex justify="end">
            <Button type="submit" disabled={!canGenerate} loading={busy && !confirming}>
              {secrets.length ? 'Rotate secret' : 'Generate secret'}
            </Button>
          </Flex>
        </SubmitForm>
        <ConfirmDialog
          title="Revoke secret?"
          text={`The service stops accepting “${revoking?.name ?? ''}” at once.`}
          action="Revoke"
          color="red"
          open={confirming}
          busy={busy}
          error={null}
          canConfirm={canConfirm}
          canCancel={canCancel}
          onConfirm={() => actor.send({ type: 'secrets.confirm' })}
          onCancel={() => actor.send({ type: 'secrets.cancel' })}
        />
      </section>
    </Flex>
  )
}
