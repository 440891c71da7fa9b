// The Logs filter's action kinds and outcomes as plain values, without TypeBox, so that the /logs
// route's search check (in the console's first load) does not bring the schema library along.

/**
 * Action kinds: the groups the Logs filter offers, each a list of the audit action names the
 * server records (server/repos/audit.ts AuditAction; OpenID Connect's `oidc.*`).
 */
export const ACTION_KINDS = {
  'sign-in': ['login', 'login.verify', 'login.code_sent', 'logout', 'account.locked_temporarily'],
  password: [
    'user.password',
    'password.reset_requested',
    'password.reset_link',
    'password.reset',
    'user.reset_link',
    'user.must_change_password',
  ],
  users: [
    'user.created',
    'user.updated',
    'user.access',
    'account.locked',
    'account.unlocked',
    'account.disabled',
    'account.enabled',
    'user.passkeys_removed',
    'user.email_pending',
    'user.email_verified',
  ],
  services: ['service.created', 'service.updated', 'service.deleted', 'service.restored'],
  attributes: [
    'attribute.saved',
    'attribute.removed',
    'attribute.reordered',
    'attribute.imported',
    'attribute.image_uploaded',
  ],
  sessions: ['session.revoked', 'session.expired', 'user.sessions_revoked', 'audit.purged'],
  queue: ['queue.retry', 'queue.cancel'],
  access: [
    'role.created',
    'role.updated',
    'role.deleted',
    'group.created',
    'group.updated',
    'group.deleted',
    'group.members_added',
    'group.members_removed',
    'user.roles',
    'user.groups',
    'token.created',
    'token.revoked',
  ],
  oidc: [
    'oidc.authorize',
    'oidc.token',
    'oidc.refresh',
    'oidc.logout',
    'oidc.backchannel_logout',
    'oidc.consent',
  ],
  webhooks: [
    'webhook.created',
    'webhook.updated',
    'webhook.deleted',
    'webhook.rotated',
    'webhook.replayed',
    'webhook.disabled',
  ],
} as const satisfies Record<string, readonly string[]>

export type ActionKind = keyof typeof ACTION_KINDS
export const ActionKinds = Object.keys(ACTION_KINDS) as ActionKind[]
/** What the filter's kinds read as. */
export const ACTION_KIND_WORDS: Record<ActionKind, string> = {
  'sign-in': 'Sign-in',
  password: 'Password',
  users: 'Users admin',
  services: 'Services',
  attributes: 'Attributes',
  sessions: 'Sessions',
  queue: 'Queue',
  access: 'Access',
  oidc: 'OpenID Connect',
  webhooks: 'Webhooks',
}

export const Outcomes = ['success', 'failure', 'refused'] as const

/** The action names of the given kinds (unknown kinds name none). */
export function actionsOfKinds(kinds: readonly string[]): string[] {
  return kinds.flatMap((kind) =>
    kind in ACTION_KINDS ? [...ACTION_KINDS[kind as ActionKind]] : [],
  )
}

/** The kind an action belongs to, or null. */
export function kindOfAction(action: string): ActionKind | null {
  for (const kind of ActionKinds)
    if ((ACTION_KINDS[kind] as readonly string[]).includes(action)) return kind
  return null
}

/**
 * What the server records on its own, with no person behind it: the sweeps of expired sessions (one
 * a minute on a busy server) and of events past retention. Logs hides them by default.
 */
export const SYSTEM_ACTIONS: readonly string[] = ['session.expired', 'audit.purged']
