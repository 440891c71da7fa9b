import { SCOPABLE_PERMISSIONS } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'

/** What a question about a permission may be asked on: a user, a service, or nothing (anywhere). */
export type TargetKind = 'user' | 'service'

/**
 * The target a permission acts on (GET /v1/access/explain's `target`): a user for the permissions
 * a group scope narrows (over users, their sessions and their logs); a service for services.*;
 * none for the others, which reach everything or nothing.
 */
export function targetKind(permission: Permission): TargetKind | null {
  if (permission.startsWith('services.')) return 'service'
  if (SCOPABLE_PERMISSIONS.includes(permission)) return 'user'
  return null
}

/** The target box's label and its hint, by kind. */
export const TARGET_WORDS = {
  user: { label: 'On user', placeholder: 'Anyone, or type a name or email' },
  service: { label: 'On service', placeholder: 'Any service, or type its name' },
} as const satisfies Record<TargetKind, { label: string; placeholder: string }>

/** The answer's badge. */
export const answerWord = (allowed: boolean) => (allowed ? 'Yes' : 'No')
