import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { User } from '../../../../../schema/user'
import type { ListActor, ListSnapshot } from '../../../../kit/machines/list.machine'
import { RevokeButton, revokeMachine, type RevokeActor } from '../../../sessions'
import { userSessionsList } from '../../machines/userSessions'
import { userStatusMachine } from '../../machines/userStatus.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { browserZone } from '../../../../kit/views/format/dateTime'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { ListError } from '../../../../kit/views/list/ListStatus'
import { RevokeDialog } from '../../../sessions'
import { describeSessionOnce } from '../../../sessions'
import { DetailSection } from './DetailSection'
import { StatusButton, StatusDialog } from './StatusSection'

const selectRows = (s: ListSnapshot) => ({
  rows: s.context.rows,
  count: s.context.count,
  loading: s.hasTag('busy') && s.context.rows.length === 0,
  more: !s.context.done && s.context.rows.length > 0,
})

/**
 * The user's sessions from the sessions cache (sessions.read), each with Revoke, and Revoke all
 * (sessions.revoke): the Sessions page's list chart narrowed to the user, and its revoke chart.
 */
export function SessionsSection({ user }: { user: User }) {
  const canRevoke = useAccess({ permission: 'sessions.revoke' })
  const logic = useMemo(() => userSessionsList(user.id), [user.id])
  const list = useScreenActor(logic, { input: { type: 'sessions' } })
  const revoke = useScreenActor(revokeMachine)
  const revokeAll = useScreenActor(userStatusMachine, { input: { user } })
  return (
    <DetailSection title="Sessions">
      {list && revoke && <SessionRows list={list} revoke={canRevoke ? revoke : undefined} />}
      {canRevoke && revokeAll && (
        <Flex justify="end">
          <StatusButton actor={revokeAll} action="revoke-sessions" />
          <StatusDialog actor={revokeAll} user={user} />
        </Flex>
      )}
      {revoke && <RevokeDialog revoke={revoke} />}
    </DetailSection>
  )
}

type RowsProps = { list: ListActor; revoke: RevokeActor | undefined }

function SessionRows({ list, revoke }: RowsProps) {
  const { rows, count, loading, more } = useSelector(list, selectRows, shallowEqual)
  const zone = browserZone()
  if (loading) return <Text color="gray">Loading sessions…</Text>
  return (
    <>
      <ListError list={list} failure="The sessions could not be loaded." />
      {rows.length === 0 ? (
        <Text color="gray">No sessions.</Text>
      ) : (
        <Flex direction="column" gap="2" role="list" aria-label="Sessions of this user">
          {rows.map((row) => {
            const session = describeSessionOnce(row, zone)
            return (
              <Flex
                key={session.id}
                role="listitem"
                align="center"
                justify="between"
                gap="3"
                py="1"
                style={{ boxShadow: 'inset 0 -1px var(--gray-a4)' }}
              >
                <Flex direction="column" minWidth="0">
                  <Text truncate>{`${session.ip} · ${session.device}`}</Text>
                  <Text size="1" color="gray" truncate>
                    Expires {session.expires}
                  </Text>
                </Flex>
                {revoke && <RevokeButton session={session} revoke={revoke} />}
              </Flex>
            )
          })}
        </Flex>
      )}
      <Flex justify="between" align="center" gap="2">
        <Text size="1" color="gray">
          {count} {count === 1 ? 'session' : 'sessions'}
        </Text>
        {more && rows.length < count && (
          <Button size="1" variant="ghost" onClick={() => list.send({ type: 'list.nearEnd' })}>
            Show more
          </Button>
        )}
      </Flex>
    </>
  )
}
