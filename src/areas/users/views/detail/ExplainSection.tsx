import { Badge, Box, Button, Flex, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Permissions, type Permission } from '../../../../../schema/permissions'
import type { User } from '../../../../../schema/user'
import {
  explainMachine,
  type ExplainActor,
  type ExplainSnapshot,
} from '../../machines/explain.machine'
import { answerWord, TARGET_WORDS } from '../../machines/explain.messages'
import { kindOf } from '../../machines/explain.setup'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { permissionLabel } from '../permissionText'
import { LabelledSelect } from './access/LabelledSelect'
import { DetailSection } from './DetailSection'

const PERMISSION_OPTIONS = Permissions.map((p) => ({ value: p, label: permissionLabel(p) }))

const selectQuestion = (s: ExplainSnapshot) => ({
  permission: s.context.permission,
  kind: kindOf(s.context),
  text: s.context.text,
})
const selectMatches = (s: ExplainSnapshot) => ({
  searching: s.hasTag('searching'),
  offered: s.hasTag('offered'),
  matches: s.context.matches,
  more: s.context.more,
  error: s.hasTag('error') ? s.context.searchError : null,
})
const selectCanAsk = (s: ExplainSnapshot) => s.can({ type: 'explain.ask' })
const selectAsking = (s: ExplainSnapshot) => s.hasTag('busy')
const selectAnswer = (s: ExplainSnapshot) => s.context.explanation
const selectError = (s: ExplainSnapshot) => s.context.error

const LIST = { listStyle: 'none', margin: 0, padding: 0 }

/**
 * "Why can they?" (issue 31): "Can <user> <permission> on <target>?", answered by the server with
 * Yes or No and the chain of reasons, read out as it comes (a live region).
 */
export function ExplainSection({ user }: { user: User }) {
  const actor = useScreenActor(explainMachine, { input: { user } })
  return (
    <DetailSection title="Why can they?">
      {actor && <ExplainForm actor={actor} name={`${user.nameFirst} ${user.nameLast}`} />}
    </DetailSection>
  )
}

function ExplainForm({ actor, name }: { actor: ExplainActor; name: string }) {
  const { permission, kind, text } = useSelector(actor, selectQuestion, shallowEqual)
  const canAsk = useSelector(actor, selectCanAsk)
  const asking = useSelector(actor, selectAsking)
  const targetId = useId()
  return (
    <Flex direction="column" gap="3">
      <SubmitForm
        label="Why can they?"
        onSubmit={() => actor.send({ type: 'explain.ask' })}
        gap="3"
      >
        <Text size="2">Can {name}…</Text>
        <Flex gap="2" align="end" wrap="wrap">
          <LabelledSelect
            label="Permission"
            placeholder="Choose a permission"
            value={permission}
            options={PERMISSION_OPTIONS}
            disabled={false}
            onChange={(value) =>
              actor.send({
                type: 'explain.permissionPicked',
                permission: value as Permission,
              })
            }
          />
          {kind && (
            <Flex direction="column" gap="1" flexGrow="1" minWidth="12rem">
              <Text as="label" htmlFor={targetId} size="1" color="gray">
                {TARGET_WORDS[kind].label}
              </Text>
              <TextField.Root
                id={targetId}
                value={text}
                placeholder={TARGET_WORDS[kind].placeholder}
                autoComplete="off"
                onChange={(e) => actor.send({ type: 'explain.typed', text: e.target.value })}
              />
            </Flex>
          )}
          <Button type="submit" disabled={!canAsk} loading={asking}>
            Ask
          </Button>
        </Flex>
        {kind && <Matches actor={actor} kind={kind} />}
      </SubmitForm>
      <Answer actor={actor} />
    </Flex>
  )
}

function Matches({ actor, kind }: { actor: ExplainActor; kind: 'user' | 'service' }) {
  const { searching, offered, matches, more, error } = useSelector(
    actor,
    selectMatches,
    shallowEqual,
  )
  if (searching)
    return (
      <Text size="1" color="gray">
        Searching…
      </Text>
    )
  if (error) return <ErrorText message={`The search failed: ${error}`} />
  if (!offered) return null
  if (matches.length === 0)
    return (
      <Text size="1" color="gray">
        No matches
      </Text>
    )
  return (
    <Flex direction="column" gap="1">
      <ul aria-label={kind === 'user' ? 'Matching users' : 'Matching services'} style={LIST}>
        {matches.map((match) => (
          <li key={match.id}>
            <Button
              type="button"
              variant="ghost"
              size="1"
              onClick={() => actor.send({ type: 'explain.chosen', match })}
            >
              {match.name}
              <Text color="gray">{match.detail}</Text>
            </Button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Text size="1" color="gray">
          {more} more: keep typing to narrow
        </Text>
      )}
    </Flex>
  )
}

/** The answer, in a live region so that it is read out when it comes. */
function Answer({ actor }: { actor: ExplainActor }) {
  const explanation = useSelector(actor, selectAnswer)
  const asking = useSelector(actor, selectAsking)
  const error = useSelector(actor, selectError)
  return (
    <Box aria-live="polite" aria-label="Answer" role="region">
      {asking && (
        <Text size="2" color="gray">
          Asking…
        </Text>
      )}
      {error && !asking && <ErrorText message={`The question could not be answered: ${error}`} />}
      {explanation && (
        <Flex direction="column" gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            {/* The sentence says Yes or No too: the badge is for the eye. */}
            <Badge size="2" color={explanation.allowed ? 'green' : 'red'} highContrast aria-hidden>
              {answerWord(explanation.allowed)}
            </Badge>
            <Text size="2" style={{ overflowWrap: 'anywhere' }}>
              {explanation.answer}
            </Text>
          </Flex>
          <Flex direction="column" gap="1" asChild>
            <ol aria-label="Reasons" style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
              {explanation.reasons.map((reason, i) => (
                <Text as="span" size="2" key={i} asChild>
                  <li>{reason}</li>
                </Text>
              ))}
            </ol>
          </Flex>
        </Flex>
      )}
    </Box>
  )
}
