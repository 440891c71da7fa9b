import { Box, Card, Grid, Heading, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import type { AttributeKeyActor, AttributeKeySnapshot } from '../../machines/attributeKey.machine'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { DialogFrame } from '../../../../kit/views/dialog/DialogFrame'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { keepEscapeInCombobox } from '../preview/AttributePreview'
import { ATTRIBUTE_SIZES } from '../preview/sizes'
import { KeyDemo } from './KeyDemo'
import { KeyForm } from './KeyForm'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'

// The key edited; null: a new leaf key.
const selectKeyId = (s: AttributeKeySnapshot) => s.context.keyId

/**
 * The form and its demo scroll inside the dialog, under its title and above its footer, so that
 * Save stays in view on a laptop screen (issue 30, review item 4). The dialog's own margins, its
 * title and its footer take about 250 px of the window.
 */
const SCROLL_BODY = {
  maxHeight: 'max(240px, calc(100dvh - 250px))',
  overflowY: 'auto',
  // Room for the focus rings of the fields at its edges, which the scrolling would clip.
  padding: 'var(--space-1)',
  margin: 'calc(-1 * var(--space-1))',
} as const
const selectCanClose = (s: AttributeKeySnapshot) => s.can({ type: 'key.close' })
const selectBody = (s: AttributeKeySnapshot) => ({
  missing: s.hasTag('missing'),
  loading: s.hasTag('loading'),
  busy: s.hasTag('busy'),
  canSave: s.can({ type: 'key.save' }),
  canClose: selectCanClose(s),
  failure: s.context.failure,
})

/**
 * The AttributeKey dialog (SPEC.md §2): Name, Type, Prompt, an optional image, Control Type, the
 * config and the options, with the live 'Attribute Key Demo' beside the form (below it on
 * phones). Each opening is a fresh statechart, the tree's child, reading the key from the cache;
 * it tells the tree the saved key's id, or that the dialog closed.
 */
export function AttributeKeyDialog({ actor }: { actor: AttributeKeyActor }) {
  const keyId = useSelector(actor, selectKeyId)
  const canClose = useSelector(actor, selectCanClose)
  return (
    <DialogFrame
      title="AttributeKey"
      description={
        keyId
          ? 'Edit the question this leaf asks, and its answers.'
          : 'A new question for this leaf.'
      }
      onClose={() => actor.send({ type: 'key.close' })}
      canClose={canClose}
      onEscapeKeyDown={keepEscapeInCombobox}
      maxWidth={{ initial: '100%', md: '1120px' }}
    >
      <KeyDialogBody actor={actor} />
    </DialogFrame>
  )
}

function KeyDialogBody({ actor }: { actor: AttributeKeyActor }) {
  const { missing, loading, busy, canSave, canClose, failure } = useSelector(
    actor,
    selectBody,
    shallowEqual,
  )
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
        <Box style={SCROLL_BODY}>
          <Grid
            columns={{
              initial: '1',
              md: `minmax(0, ${ATTRIBUTE_SIZES.formColumn}px) minmax(0, 1fr)`,
            }}
            gap="5"
            align="start"
          >
            {/* The demo is outside the form: Enter in its inputs must not save the key. */}
            <Box maxWidth={`${ATTRIBUTE_SIZES.formColumn}px`} width="100%">
              <SubmitForm
                id={formId}
                label="AttributeKey"
                gap={null}
                onSubmit={() => actor.send({ type: 'key.save' })}
              >
                <KeyForm actor={actor} />
              </SubmitForm>
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
        </Box>
      )}
      {failure && (
        <ErrorCallout
          mt="4"
          message={
            <>
              {failure.step} failed: {failure.message}. Your input is kept; what was saved stays
              saved. Press Save to try again.
            </>
          }
        />
      )}
      <DialogActions
        mt="4"
        cancelLabel="Close"
        canCancel={canClose}
        onCancel={() => actor.send({ type: 'key.close' })}
        confirmLabel="Save"
        form={formId}
        busy={busy && !loading}
        canConfirm={canSave}
      />
    </>
  )
}
