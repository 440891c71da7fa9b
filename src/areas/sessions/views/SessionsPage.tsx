import { Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { listMachine, type ListActor } from '../../../kit/machines/list.machine'
import { canAccess } from '../../../kit/machines/access'
import { revokeMachine, type RevokeActor } from '../machines/revoke.machine'
import { selectUser } from '../../../kit/session/session.selectors'
import { MEDIA } from '../../../kit/views/media/media'
import { useSession } from '../../../kit/views/actors/sessionContext'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ListBody } from '../../../kit/views/list/ListBody'
import { ListToolbar } from '../../../kit/views/list/ListToolbar'
import { SearchField } from '../../../kit/views/list/SearchField'
import { PAGE_HEIGHT } from '../../../kit/views/list/layout'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { RevokeDialog, RevokeNotice } from './RevokeDialog'
import { SessionList } from './SessionList'
import { SortSelect } from './SortSelect'

type ViewProps = { list: ListActor; revoke: RevokeActor; canRevoke: boolean }

/** The Sessions screen around its two statecharts (the list, and revoking a session). */
export function SessionsView({ list, revoke, canRevoke }: ViewProps) {
  const wide = useMediaQuery(MEDIA.desktop)
  return (
    <Flex
      direction="column"
      gap="3"
      height={wide ? PAGE_HEIGHT.wide : PAGE_HEIGHT.narrow}
      minHeight="360px"
    >
      <PageHeader title="Sessions" />
      <ListToolbar
        label="Sessions list tools"
        search={
          <SearchField list={list} label="Search sessions" placeholder="Search by name or IP" />
        }
        sort={<SortSelect list={list} />}
      />
      <RevokeNotice revoke={revoke} />
      <ListBody list={list} what="sessions">
        <SessionList list={list} revoke={canRevoke ? revoke : undefined} wide={wide} />
      </ListBody>
      <RevokeDialog revoke={revoke} />
    </Flex>
  )
}

/** /sessions (SPEC.md §2): the cached sessions, searchable, sorted by expiry, revocable. */
export function SessionsPage() {
  const session = useSession()
  const user = useSelector(session, selectUser)
  const list = useScreenActor(listMachine, { input: { type: 'sessions' } })
  const revoke = useScreenActor(revokeMachine)
  if (!list || !revoke) return null
  return (
    <SessionsView
      list={list}
      revoke={revoke}
      canRevoke={canAccess(user, { permission: 'sessions.revoke' })}
    />
  )
}
