import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { listUser } from '../../../src/areas/users/paths/userList.fixtures'

export { listUser }

/** Users 0..count-1 in the identity cache (0-2 are Ada Lovelace, Grace Hopper, Alan Turing). */
export async function seedUsers(count: number, extra: User[] = []) {
  await identityDb().users.clear()
  await identityDb().users.bulkPut([
    ...Array.from({ length: count }, (_, n) => listUser(n)),
    ...extra,
  ])
}
