import { Flex, Heading, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor } from '../../../kit/machines/list.machine'
import { RecordPane } from '../../../kit/views/list/RecordPane'
import { selectNothingListed } from '../../../kit/views/list/ListStatus'
import type { NewServiceActor } from '../machines/newService.machine'
import { ServiceDetail } from './detail/ServiceDetail'
import { AddServiceButton } from './new/AddService'

type Props = {
  id: string | undefined
  wide: boolean
  list: ListActor
  creator: NewServiceActor | undefined
}

/**
 * The detail side of the screen: the selected service; a prompt to pick one while the list has
 * some (SPEC.md §2); with none to pick, what a service is and how to add the first.
 */
export function DetailPane({ id, wide, list, creator }: Props) {
  const nothing = useSelector(list, selectNothingListed)
  return (
    <RecordPane label="Service detail" wide={wide}>
      {id ? (
        <ServiceDetail id={id} />
      ) : nothing ? (
        <NoServices creator={creator} />
      ) : (
        <Flex align="center" justify="center" height="100%" p="6">
          <Text color="gray" size="3">
            Make a Selection From the List
          </Text>
        </Flex>
      )}
    </RecordPane>
  )
}

/** The first-run pane: what services are, and Add Service for those who may add one. */
function NoServices({ creator }: { creator: NewServiceActor | undefined }) {
  return (
    <Flex align="center" justify="center" height="100%" p="6">
      <Flex direction="column" gap="3" align="start" maxWidth="440px">
        <Heading as="h2" size="4">
          No services yet
        </Heading>
        <Text as="p" color="gray" size="2">
          A service is an application whose people sign in through Gatehouse: an OpenID Connect
          client with its own key, address and redirect URIs. Add one to give it sign-in, and to
          choose how long its tokens last.
        </Text>
        {creator ? (
          <AddServiceButton actor={creator} />
        ) : (
          <Text as="p" color="gray" size="2">
            Someone with permission to change services can add the first one.
          </Text>
        )}
      </Flex>
    </Flex>
  )
}
