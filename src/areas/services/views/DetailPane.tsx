import { Flex, Text } from '@radix-ui/themes'
import { RecordPane } from '../../../kit/views/list/RecordPane'
import { ServiceDetail } from './detail/ServiceDetail'

/** The detail side of the screen: the selected service, or a prompt to pick one (SPEC.md §2). */
export function DetailPane({ id, wide }: { id: string | undefined; wide: boolean }) {
  return (
    <RecordPane label="Service detail" wide={wide}>
      {id ? (
        <ServiceDetail id={id} />
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
