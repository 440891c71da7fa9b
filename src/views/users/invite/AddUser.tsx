import { Button } from '@radix-ui/themes'

/** 'Add User' and its dialog (being built; the invite helper replaces this file). */
export function AddUser() {
  return <Button disabled>Add User</Button>
}
