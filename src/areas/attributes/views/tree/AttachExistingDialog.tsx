import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { Badge, Box, Dialog, Flex, ScrollArea, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type {
  AttachExistingActor,
  AttachExistingSnapshot,
} from '../../machines/attachExisting.machine'
import type { AttributeTreeSnapshot } from '../../machines/attributeTree.machine'
import { shownName } from '../../machines/attributeTree.messages'
import { attachableKeys, keyOf } from '../../machines/attributeTree.shape'
import { keyPlaces } from '../../machines/attachExisting.places'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { DialogActions } from '../../../../kit/views/dialog/DialogActions'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { useTreeActor } from './treeActor'
import { TYPE_LABEL } from './typeLabel'

const selectChild = (s: AttributeTreeSnapshot) =>
  s.children.attachExisting as AttachExistingActor | undefined
/** The tree the key is attached in, and where. */
const selectPlace = (s: AttributeTreeSnapshot) => ({
  data: s.context.data,
  parentId: s.context.targetId,
})
const selectForm = (s: AttachExistingSnapshot) => ({
  search: s.context.search,
  chosen: s.context.keyId,
  busy: s.hasTag('busy'),
  error: s.context.error,
  canSubmit: s.can({ type: 'attach.submit' }),
})

/** Add Existing (SPEC.md §2): the open dialog follows the tree's attachExisting child. */
export function AttachExistingDialog() {
  const tree = useTreeActor()
  const child = useSelector(tree, selectChild)
  return (
    <Dialog.Root
      open={!!child}
      onOpenChange={(next) => {
        if (!next) child?.send({ type: 'attach.cancel' })
      }}
    >
      <Dialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: '520px' }}
      >
        <Dialog.Title>Add Existing</Dialog.Title>
        {child && <AttachForm actor={child} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

function AttachForm({ actor }: { actor: AttachExistingActor }) {
  const tree = useTreeActor()
  const { data, parentId } = useSelector(tree, selectPlace, shallowEqual)
  const { search, chosen, busy, error, canSubmit } = useSelector(actor, selectForm, shallowEqual)
  const keys = useMemo(() => attachableKeys(data, parentId, search), [data, parentId, search])
  const where = parentId ? shownName(keyOf(data, parentId)?.name) : null
  return (
    <SubmitForm
      label="Add Existing"
      gap={null}
      onSubmit={() => actor.send({ type: 'attach.submit' })}
    >
      <Dialog.Description size="2" color="gray" mb="3">
        {where
          ? `Link an existing branch or leaf under ${where}. It comes first; drag it into place.`
          : 'Link an existing trunk at the top level.'}
      </Dialog.Description>
      <Flex direction="column" gap="3">
        <TextField.Root
          type="search"
          aria-label="Search keys"
          placeholder="Search by name"
          autoFocus
          value={search}
          onChange={(event) => actor.send({ type: 'attach.search', text: event.target.value })}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 280 }}>
          {keys.length === 0 ? (
            <Text as="p" size="2" color="gray" role="status" my="2">
              {search.trim() ? 'No key matches the search.' : 'No key can be added here.'}
            </Text>
          ) : (
            <Box role="listbox" aria-label="Keys" pr="3">
              {keys.map((key) => (
                <Flex
                  key={key.id}
                  role="option"
                  aria-selected={chosen === key.id}
                  tabIndex={0}
                  align="center"
                  gap="2"
                  px="2"
                  py="2"
                  className="attribute-tree-row"
                  data-selected={chosen === key.id || undefined}
                  onClick={() => actor.send({ type: 'attach.choose', keyId: key.id })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault()
                      actor.send({ type: 'attach.choose', keyId: key.id })
                    }
                  }}
                >
                  <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
                    <Flex align="center" gap="2">
                      <Text size="2" truncate style={{ flex: '1 1 auto', minWidth: 0 }}>
                        {shownName(key.name)}
                      </Text>
                      <Badge size="1" variant="soft" color="gray">
                        {TYPE_LABEL[key.type]}
                      </Badge>
                    </Flex>
                    <KeyDetails places={keyPlaces(data, key.id)} createdAt={key.createdAt} />
                  </Flex>
                </Flex>
              ))}
            </Box>
          )}
        </ScrollArea>
        <ErrorText message={error} />
        <DialogActions
          cancelLabel="Close"
          onCancel={() => actor.send({ type: 'attach.cancel' })}
          confirmLabel="Add"
          busy={busy}
          canConfirm={canSubmit}
        />
      </Flex>
    </SubmitForm>
  )
}

/**
 * What tells keys of the same name apart (an import copies names): where each is linked and when
 * it was made.
 */
function KeyDetails({ places, createdAt }: { places: string[]; createdAt: string }) {
  return (
    <Text size="1" color="gray">
      {places.length === 0 ? 'Not linked' : `In ${places.join('; ')}`} · Created{' '}
      {formatDateTime(createdAt)}
    </Text>
  )
}
