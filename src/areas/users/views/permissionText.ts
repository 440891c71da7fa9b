import type { Permission } from '../../../../schema/permissions'

/**
 * What each permission allows, in one line, beside its checkbox (Add User and the user detail's
 * Access section). The permission string itself names the checkbox.
 */
export const PERMISSION_TEXT: Record<Permission, string> = {
  'users.read': 'See the users, their status, permissions and timeline.',
  'users.write':
    'Invite users, change their details and access, lock, disable, reset and remove passkeys.',
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
}
