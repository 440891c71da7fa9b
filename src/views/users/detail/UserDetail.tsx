import { Text } from '@radix-ui/themes'

/** The selected user's detail (being built; the detail helper replaces this file). */
export function UserDetail({ id }: { id: string }) {
  return <Text color="gray">User {id}</Text>
}
