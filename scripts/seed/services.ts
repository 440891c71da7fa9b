import { v7 as uuidv7 } from 'uuid'
import { SERVICE_FIELDS } from '../../schema/service-fields'
import type { services } from '../../server/db/schema/services'
import type { Random } from './random'
import { SERVICE_ADJECTIVES, SERVICE_NOUNS, SERVICE_PURPOSES, SERVICE_SUBJECTS } from './words'

const DAY = 24 * 60 * 60 * 1000

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** `count` services numbered from `first`, so that keys stay unique across runs; a few deleted. */
export function serviceRows(
  random: Random,
  first: number,
  count: number,
  now: Date,
): (typeof services.$inferInsert)[] {
  const rows: (typeof services.$inferInsert)[] = []
  for (let n = first; n < first + count; n++) {
    const name = `${random.pick(SERVICE_ADJECTIVES)} ${random.pick(SERVICE_NOUNS)}`
    const key = `${slug(name)}-${n}`
    const createdAt = random.between(now.getTime() - 1000 * DAY, now.getTime() - DAY)
    const { accessTokenTimeout: access, refreshTokenTimeout: refresh } = SERVICE_FIELDS
    rows.push({
      id: uuidv7({ msecs: createdAt.getTime() }),
      createdAt,
      updatedAt: random.between(createdAt.getTime(), now.getTime()),
      key,
      name,
      description: `${random.pick(SERVICE_PURPOSES)} ${random.pick(SERVICE_SUBJECTS)}.`,
      url: `https://${key}.example.com`,
      accessTokenTimeout: random.int(access.minimum, access.maximum),
      refreshTokenTimeout: random.int(refresh.minimum, refresh.maximum),
      hasLogo: false,
      deleted: random.chance(0.05),
    })
  }
  return rows
}
