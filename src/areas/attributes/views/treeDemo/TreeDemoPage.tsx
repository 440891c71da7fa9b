import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Spinner,
  Text,
  TextField,
} from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useMemo, useState, type FormEvent } from 'react'
import {
  treeDemoMachine,
  type TreeDemoActor,
  type TreeDemoSnapshot,
} from '../../machines/treeDemo.machine'
import { walkTree, type DemoItem } from '../../machines/treeDemo.walk'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../../kit/views/page/PageHeader'
import { AttributePreview } from '../preview/AttributePreview'
import { newRespondentId } from './respondent'

type Props = {
  rootId: string
  refId: string
  onRespondent: (refId: string) => void
}

const selectRows = (s: TreeDemoSnapshot) => s.context.rows
const selectAnswers = (s: TreeDemoSnapshot) => s.context.answers
const selectRefId = (s: TreeDemoSnapshot) => s.context.refId
const selectAnswering = (s: TreeDemoSnapshot) => s.hasTag('answering')
const selectLoading = (s: TreeDemoSnapshot) =>
  s.hasTag('loading') || (!s.context.rows && !s.hasTag('error'))

/**
 * The whole-tree demo (issue 6): a root's questions as a respondent meets them, branches as
 * headings, conditions including and excluding items as the answers change, and every answer
 * stored as an AttributeValue against the reference id.
 */
export function TreeDemoPage({ rootId, refId, onRespondent }: Props) {
  const demo = useScreenActor(treeDemoMachine, { input: { rootId, refId } })
  if (!demo) return null
  return <TreeDemo demo={demo} rootId={rootId} onRespondent={onRespondent} />
}

function TreeDemo({
  demo,
  rootId,
  onRespondent,
}: {
  demo: TreeDemoActor
  rootId: string
  onRespondent: (refId: string) => void
}) {
  const rows = useSelector(demo, selectRows)
  const answers = useSelector(demo, selectAnswers)
  const answering = useSelector(demo, selectAnswering)
  const loading = useSelector(demo, selectLoading)
  const root = rows?.associations.find((association) => association.id === rootId)
  const rootKey = root && rows?.keys.find((key) => key.id === root.attributeKeyId)
  const items = useMemo(
    () => (rows ? walkTree(rows, rootId, (id) => answers[id]) : []),
    [rows, rootId, answers],
  )
  const gone = rows && (!root || root.deleted || !rootKey)
  return (
    // SPEC.md §2's 800 px editor width, starting at the left like every page (the shell pads it).
    <Flex direction="column" gap="4" width="100%" maxWidth="800px">
      <PageHeader title={rootKey ? `Demo: ${rootKey.name}` : 'Demo'} />
      <Respondent demo={demo} onRespondent={onRespondent} />
      <SaveStatus demo={demo} />
      {loading && <Spinner size="3" aria-label="Loading the tree" />}
      {gone && (
        <Callout.Root color="gray" role="status">
          <Callout.Text>This tree no longer exists.</Callout.Text>
        </Callout.Root>
      )}
      {rows && answering && !gone && (
        <Card size={{ initial: '2', sm: '3' }} asChild>
          <section aria-label="Questions">
            <Flex direction="column" gap="5">
              {items.length === 0 && <Text color="gray">This tree has no questions yet.</Text>}
              {items.map((item) => (
                <DemoEntry
                  key={item.association.id}
                  item={item}
                  value={answers[item.association.id]}
                  onChange={(value) =>
                    demo.send({ type: 'answer.changed', associationId: item.association.id, value })
                  }
                />
              ))}
            </Flex>
          </section>
        </Card>
      )}
    </Flex>
  )
}

function DemoEntry({
  item,
  value,
  onChange,
}: {
  item: DemoItem
  value: string | undefined
  onChange: (value: string) => void
}) {
  const indent = `calc(${item.depth} * var(--space-4))`
  if (item.kind === 'heading') {
    return (
      <Flex align="center" gap="2" style={{ marginInlineStart: indent }}>
        <Heading as={item.depth === 0 ? 'h2' : 'h3'} size={item.depth === 0 ? '5' : '4'}>
          {item.key.name}
        </Heading>
        {item.conditional && <Badge color="cyan">Included by a condition</Badge>}
      </Flex>
    )
  }
  return (
    <Box style={{ marginInlineStart: indent }} data-association={item.association.id}>
      {item.conditional && (
        <Badge color="cyan" mb="2">
          Included by a condition
        </Badge>
      )}
      <AttributePreview
        attributeKey={item.key}
        options={item.options}
        value={value ?? ''}
        onChange={onChange}
      />
    </Box>
  )
}

function Respondent({
  demo,
  onRespondent,
}: {
  demo: TreeDemoActor
  onRespondent: (refId: string) => void
}) {
  const refId = useSelector(demo, selectRefId)
  const [draft, setDraft] = useState(refId)
  const canChange = useSelector(demo, (s) => s.can({ type: 'respondent.changed', refId: 'x' }))
  const change = (next: string) => {
    const trimmed = next.trim()
    if (!trimmed || trimmed === refId) return
    setDraft(trimmed)
    demo.send({ type: 'respondent.changed', refId: trimmed })
    onRespondent(trimmed)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change(draft)
  }
  return (
    <form onSubmit={submit} aria-label="Respondent">
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1" asChild>
          <label>
            <Text size="2" weight="medium">
              Reference Id
            </Text>
            <TextField.Root
              value={draft}
              maxLength={200}
              onChange={(event) => setDraft(event.target.value)}
              style={{ width: '18rem', maxWidth: '100%' }}
            />
          </label>
        </Flex>
        <Button
          type="submit"
          variant="soft"
          disabled={!canChange || !draft.trim() || draft.trim() === refId}
        >
          Open
        </Button>
        <Button
          type="button"
          variant="soft"
          disabled={!canChange}
          onClick={() => change(newRespondentId())}
        >
          New Respondent
        </Button>
      </Flex>
    </form>
  )
}

function SaveStatus({ demo }: { demo: TreeDemoActor }) {
  const error = useSelector(demo, (s) => (s.hasTag('error') ? s.context.error : null))
  const state = useSelector(demo, (s) =>
    s.hasTag('loading')
      ? 'loading'
      : s.hasTag('allSaved')
        ? 'saved'
        : s.hasTag('answering')
          ? 'pending'
          : 'other',
  )
  const failed = useSelector(demo, (s) => s.hasTag('error'))
  const canRetry = useSelector(demo, (s) => s.can({ type: 'demo.retry' }))
  if (failed) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{error ?? 'The attribute cache could not be read.'}</Callout.Text>
        {canRetry && (
          <Box>
            <Button
              size="1"
              variant="soft"
              color="red"
              onClick={() => demo.send({ type: 'demo.retry' })}
            >
              Try Again
            </Button>
          </Box>
        )}
      </Callout.Root>
    )
  }
  const text =
    state === 'loading'
      ? 'Reading the answers…'
      : state === 'saved'
        ? 'Every answer is saved.'
        : state === 'pending'
          ? 'Saving…'
          : ''
  return (
    <Text size="2" color="gray" role="status" aria-live="polite">
      {text}
    </Text>
  )
}
