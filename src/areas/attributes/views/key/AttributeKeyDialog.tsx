import { Box, Button, Callout, Card, Dialog, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import {
  attributeKeyMachine,
  type AttributeKeyActor,
  type AttributeKeySnapshot,
} from '../../machines/attributeKey.machine'
import type { TreeRef } from '../../machines/attributeTree.types'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { keepEscapeInCombobox } from '../preview/AttributePreview'
import { ATTRIBUTE_SIZES } from '../preview/sizes'
import { KeyDemo } from './KeyDemo'
import { KeyForm } from './KeyForm'

type Props = {
  open: boolean
  /** The key to edit; null: a new leaf key. */
  keyId: string | null
  /** The tree that opened the dialog; the dialog's statechart tells it the outcome. */
  tree: TreeRef
}

const selectMissing = (s: AttributeKeySnapshot) => s.hasTag('missing')
const selectLoading = (s: AttributeKeySnapshot) => s.hasTag('loading')
const selectBusy = (s: AttributeKeySnapshot) => s.hasTag('busy')
const selectCanSave = (s: AttributeKeySnapshot) => s.can({ type: 'key.save' })
const selectCanClose = (s: AttributeKeySnapshot) => s.can({ type: 'key.close' })
const selectFailure = (s: AttributeKeySnapshot) => s.context.failure

/**
 * The AttributeKey dialog (SPEC.md §2): Name, Type, Prompt, an optional image, Control Type, the
 * config and the options, with the live 'Attribute Key Demo' beside the form (below it on
 * phones). Each opening is a fresh statechart reading the key from the cache; it tells the tree
 * the saved key's id, or that the dialog closed.
 */
export function AttributeKeyDialog({ open, keyId, tree }: Props) {
  if (!open) return null
  return <KeyDialogSession key={keyId ?? 'new'} keyId={keyId} tree={tree} />
}

function KeyDialogSession({ keyId, tree }: Omit<Props, 'open'>) {
  const actor = useScreenActor(attributeKeyMachine, { input: { keyId, tree } })
  if (!actor) return null
  return <KeyDialogWindow actor={actor} keyId={keyId} />
}

function KeyDialogWindow({ actor, keyId }: { actor: AttributeKeyActor; keyId: string | null }) {
  const canClose = useSelector(actor, selectCanClose)
  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next && canClose) actor.send({ type: 'key.close' })
      }}
    >
      <Dialog.Content
        onEscapeKeyDown={keepEscapeInCombobox}
        maxWidth={{ initial: '100%', md: '1120px' }}
        minWidth={{ initial: '0', xs: '400px' }}
      >
        <Dialog.Title>AttributeKey</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {keyId
            ? 'Edit the question this leaf asks, and its answers.'
            : 'A new question for this leaf.'}
        </Dialog.Description>
        <KeyDialogBody actor={actor} />
      </Dialog.Content>
    </Dialog.Root>
  )
}

function KeyDialogBody({ actor }: { actor: AttributeKeyActor }) {
  const missing = useSelector(actor, selectMissing)
  const loading = useSelector(actor, selectLoading)
  const busy = useSelector(actor, selectBusy)
  const canSave = useSelector(actor, selectCanSave)
  const canClose = useSelector(actor, selectCanClose)
  const failure = useSelector(actor, selectFailure)
  const formId = useId()
  return (
    <>
      {missing ? (
        <Text as="p" color="red" role="alert" mb="4">
          This attribute key is not in the local data. It may have been removed.
        </Text>
      ) : loading ? (
        <Text as="p" color="gray" mb="4">
          Loading…
        </Text>
      ) : (
        <Grid
          columns={{
            initial: '1',
            md: `minmax(0, ${ATTRIBUTE_SIZES.formColumn}px) minmax(0, 1fr)`,
          }}
          gap="5"
          align="start"
        >
          {/* The demo is outside the form: Enter in its inputs must not save the key. */}
          <Box asChild maxWidth={`${ATTRIBUTE_SIZES.formColumn}px`} width="100%">
            <form
              id={formId}
              aria-label="AttributeKey"
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'key.save' })
              }}
            >
              <KeyForm actor={actor} />
            </form>
          </Box>
          <Card asChild style={{ position: 'sticky', top: 0 }}>
            <section aria-labelledby="key-demo-heading">
              <Heading id="key-demo-heading" as="h3" size="3" mb="3">
                Attribute Key Demo
              </Heading>
              <KeyDemo actor={actor} />
            </section>
          </Card>
        </Grid>
      )}
      {failure && (
        <Callout.Root color="red" role="alert" mt="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {failure.step} failed: {failure.message}. Your input is kept; what was saved stays
            saved. Press Save to try again.
          </Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="3" justify="end" mt="4">
        <Button
          type="button"
          variant="soft"
          color="gray"
          disabled={!canClose}
          onClick={() => actor.send({ type: 'key.close' })}
        >
          Close
        </Button>
        <Button type="submit" form={formId} loading={busy && !loading} disabled={!canSave}>
          Save
        </Button>
      </Flex>
    </>
  )
}
