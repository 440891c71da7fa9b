import type { Permission } from './permissions'

/**
 * What each permission allows, in one line: the checkbox's description (Add User and the user
 * detail's Access section).
 */
export const PERMISSION_TEXT: Record<Permission, string> = {
  'users.read': 'See the users, their status, permissions and timeline.',
  'users.write': 'Invite users, change their details, lock, disable, reset and remove passkeys.',
  'users.access': 'Give users roles, groups and direct permissions (never more than you hold).',
  'sessions.read': 'See who is signed in, from where and until when.',
  'sessions.revoke': 'End anyone’s sessions, signing them out.',
  'services.read': 'See the services and their settings.',
  'services.write': 'Add, change, delete and restore services.',
  'logs.read': 'Read the audit log of sign-ins and changes.',
  'attributes.read': 'See the attribute trees and their keys.',
  'attributes.write': 'Change attribute trees, keys and their values.',
  'queue.read': 'See the outgoing mail and text message queue.',
  'dashboard.read': 'See the dashboard’s figures.',
  'queue.write': 'Retry or cancel outgoing messages in the queue.',
  'flows.read': 'Open the Flows page: the console’s statecharts.',
  'roles.read': 'See the roles, the groups and why someone may do something.',
  'roles.write': 'Create, change and delete custom roles and groups.',
  'webhooks.write': 'Add, change and delete webhook endpoints; see and replay their deliveries.',
}

/** An area of the console and what may be done there, one row of the permission grid. */
export type PermissionArea = {
  /** 'Users', as the navigation names the screen. */
  area: string
  /** What the area holds, in a short line under its name. */
  about: string
  /** Its permissions, the reading one first, each with its verb ('View', 'Change'). */
  verbs: { permission: Permission; verb: string }[]
}

/**
 * The permissions by area, in the navigation's order (review item 5): one row each, its read and
 * write side by side. Every permission of schema/permissions.ts is in exactly one row.
 */
export const PERMISSION_AREAS: readonly PermissionArea[] = [
  {
    area: 'Users',
    about: 'People, their status, access and timeline.',
    verbs: [
      { permission: 'users.read', verb: 'View' },
      { permission: 'users.write', verb: 'Change' },
      { permission: 'users.access', verb: 'Grant access to' },
    ],
  },
  {
    area: 'Sessions',
    about: 'Who is signed in, from where, until when.',
    verbs: [
      { permission: 'sessions.read', verb: 'View' },
      { permission: 'sessions.revoke', verb: 'Revoke' },
    ],
  },
  {
    area: 'Services',
    about: 'The applications people sign in to.',
    verbs: [
      { permission: 'services.read', verb: 'View' },
      { permission: 'services.write', verb: 'Change' },
    ],
  },
  {
    area: 'Logs',
    about: 'The audit log of sign-ins and changes.',
    verbs: [{ permission: 'logs.read', verb: 'View' }],
  },
  {
    area: 'Attributes',
    about: 'Attribute trees, keys and their values.',
    verbs: [
      { permission: 'attributes.read', verb: 'View' },
      { permission: 'attributes.write', verb: 'Change' },
    ],
  },
  {
    area: 'Queue',
    about: 'Outgoing mail and text messages.',
    verbs: [
      { permission: 'queue.read', verb: 'View' },
      { permission: 'queue.write', verb: 'Retry, cancel' },
    ],
  },
  {
    area: 'Dashboard',
    about: 'Sign-in figures and charts.',
    verbs: [{ permission: 'dashboard.read', verb: 'View' }],
  },
  {
    area: 'Roles',
    about: 'Roles, groups and who may do what.',
    verbs: [
      { permission: 'roles.read', verb: 'View' },
      { permission: 'roles.write', verb: 'Change' },
    ],
  },
  {
    area: 'Webhooks',
    about: 'Endpoints that receive the audit events.',
    verbs: [{ permission: 'webhooks.write', verb: 'Manage' }],
  },
  {
    area: 'Flows',
    about: 'The console’s statecharts.',
    verbs: [{ permission: 'flows.read', verb: 'View' }],
  },
]

/** A permission checkbox's accessible name: its visible verb, then its area ('View Users'). */
export function permissionLabel(permission: Permission): string {
  for (const { area, verbs } of PERMISSION_AREAS)
    for (const { permission: held, verb } of verbs)
      if (held === permission) return `${verb} ${area}`
  return permission
}
