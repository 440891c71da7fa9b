import type { Permission } from '../../../schema/permissions'

/**
 * What each permission allows, in one line, beside its checkbox (Add User and the user detail's
 * Access section). The permission string itself names the checkbox.
 */
export const PERMISSION_TEXT: Record<Permission, string> = {
  'users.read': 'See the users, their status, access and timeline.',
  'users.write': 'Invite, change, lock, disable and re-grant access to users.',
  'sessions.read': 'See who is signed in, where and since when.',
  'sessions.revoke': 'End the sessions of any user.',
  'services.read': 'See the registered services (client applications).',
  'services.write': 'Add, change, disable and delete services.',
  'logs.read': 'Read the audit and server logs.',
  'attributes.read': 'See the attribute trees and keys.',
  'attributes.write': 'Change the attribute trees and keys.',
  'queue.read': 'See the mail and job queue.',
  'dashboard.read': 'See the dashboard of sign-ins and load.',
  'flows.read': "Read the console's statecharts and their paths (Flows).",
}
