import type { CatalogEntry } from './flows/catalogEntry'

export type { CatalogEntry }

/**
 * Every production statechart of the console, with its paths module (src/areas/<area>/paths/). The Flows
 * page lists these, `npm run paths` and `npm run flows` walk them, and the coverage test fails CI
 * when a machine here has a transition no path takes.
 */
export const catalog: CatalogEntry[] = [
  {
    id: 'session',
    usedIn: 'The console itself: the root of every actor (main.tsx)',
    load: () => import('./kit/paths/session.paths'),
  },
  {
    id: 'login',
    usedIn: 'Login screen (/login)',
    load: () => import('./areas/sign-in/paths/login.paths'),
  },
  {
    id: 'serviceSecrets',
    usedIn: "A confidential service's detail: its client secrets",
    load: () => import('./areas/services/paths/serviceSecrets.paths'),
  },
  {
    id: 'serviceSignIn',
    usedIn: 'Signing in to a service (/oidc/interaction/…)',
    load: () => import('./areas/sign-in/paths/serviceSignIn.paths'),
  },
  {
    id: 'forgotPassword',
    usedIn: 'Forgot password (/forgotPassword)',
    load: () => import('./areas/sign-in/paths/forgotPassword.paths'),
  },
  {
    id: 'passwordReset',
    usedIn: 'Password reset (/passwordReset/…)',
    load: () => import('./areas/sign-in/paths/passwordReset.paths'),
  },
  {
    id: 'passwordChange',
    usedIn: 'Change password (/password) and the password expiry dialog',
    load: () => import('./areas/account/paths/passwordChange.paths'),
  },
  {
    id: 'passwordExpiry',
    usedIn: 'Session: warns before the password expires',
    load: () => import('./kit/paths/passwordExpiry.paths'),
  },
  {
    id: 'mfaGrace',
    usedIn: 'Signed-in frame: warns by when a required second factor must be set up',
    load: () => import('./areas/account/paths/mfaGrace.paths'),
  },
  {
    id: 'cookiesAccepted',
    usedIn: 'Session: the cookie notice',
    load: () => import('./kit/paths/cookiesAccepted.paths'),
  },
  {
    id: 'notifications',
    usedIn: 'Session: the notification stack',
    load: () => import('./kit/paths/notifications.paths'),
  },
  {
    id: 'notification',
    usedIn: 'Notifications: one notification',
    load: () => import('./kit/paths/notification.paths'),
  },
  {
    id: 'sync',
    usedIn: "Session: the local cache's sync with the server",
    load: () => import('./kit/paths/sync.paths'),
  },
  {
    id: 'cacheVersion',
    usedIn: 'Sync: opening the local caches',
    load: () => import('./kit/paths/cacheVersion.paths'),
  },
  {
    id: 'chunkGuard',
    usedIn: 'A screen whose code failed to load',
    load: () => import('./areas/shell/paths/chunkGuard.paths'),
  },
  {
    id: 'homeOverview',
    usedIn: 'Home (/home): needs attention, get started, latest activity',
    load: () => import('./areas/shell/paths/homeOverview.paths'),
  },
  {
    id: 'inlineEditor',
    usedIn: "Profile (/profile) and a service's details: one field's editor",
    load: () => import('./areas/account/paths/inlineEditor.paths'),
  },
  {
    id: 'twoFactor',
    usedIn: 'Profile (/profile): two-factor authentication',
    load: () => import('./areas/account/paths/twoFactor.paths'),
  },
  {
    id: 'authenticator',
    usedIn: 'Profile (/profile): the authenticator app and recovery codes',
    load: () => import('./areas/account/paths/authenticator.paths'),
  },
  {
    id: 'visage',
    usedIn: 'Profile (/profile): the picture',
    load: () => import('./areas/account/paths/visage.paths'),
  },
  {
    id: 'signedImage',
    usedIn: 'Profile picture and attribute images: an image behind a signed link',
    load: () => import('./kit/paths/signedImage.paths'),
  },
  {
    id: 'biometric',
    usedIn: 'Profile (/profile): biometric login (passkeys)',
    load: () => import('./areas/account/paths/biometric.paths'),
  },
  {
    id: 'deleteLocalData',
    usedIn: 'Profile (/profile): Delete Local Data',
    load: () => import('./areas/account/paths/deleteLocalData.paths'),
  },
  {
    id: 'list',
    usedIn: 'Sessions (/sessions) and Services (/services): the list over the local cache',
    load: () => import('./kit/paths/list.paths'),
  },
  {
    id: 'listOptions',
    usedIn: 'Services (/services): sorting and columns',
    load: () => import('./kit/paths/listOptions.paths'),
  },
  {
    id: 'filterDrawer',
    usedIn: 'Services (/services): the filter drawer',
    load: () => import('./kit/paths/filterDrawer.paths'),
  },
  {
    id: 'revoke',
    usedIn: 'Sessions (/sessions): revoking sessions',
    load: () => import('./areas/sessions/paths/revoke.paths'),
  },
  {
    id: 'newService',
    usedIn: 'Services (/services): Add Service',
    load: () => import('./areas/services/paths/newService.paths'),
  },
  {
    id: 'invite',
    usedIn: 'Users (/users): Add User',
    load: () => import('./areas/users/paths/invite.paths'),
  },
  {
    id: 'emailVerification',
    usedIn: 'Confirm your email (/verifyEmail/…)',
    load: () => import('./areas/sign-in/paths/emailVerification.paths'),
  },
  {
    id: 'serviceRecord',
    usedIn: "A service's details (/services/…)",
    load: () => import('./areas/services/paths/serviceRecord.paths'),
  },
  {
    id: 'serviceTimeout',
    usedIn: "A service's details: the session timeout slider",
    load: () => import('./areas/services/paths/serviceTimeout.paths'),
  },
  {
    id: 'serviceLogo',
    usedIn: "A service's details: the logo",
    load: () => import('./areas/services/paths/serviceLogo.paths'),
  },
  {
    id: 'serviceLifecycle',
    usedIn: "A service's details: enable, disable, delete",
    load: () => import('./areas/services/paths/serviceLifecycle.paths'),
  },
  {
    id: 'serviceRequireMfa',
    usedIn: "A service's details: 'Requires a second factor'",
    load: () => import('./areas/services/paths/serviceRequireMfa.paths'),
  },
  {
    id: 'userRecord',
    usedIn: "A user's details (/users/…)",
    load: () => import('./areas/users/paths/userRecord.paths'),
  },
  {
    id: 'userAccess',
    usedIn: "A user's details: type and direct permissions",
    load: () => import('./areas/users/paths/userAccess.paths'),
  },
  {
    id: 'userStatus',
    usedIn: "A user's details: lock, unlock, disable, enable, resets, passkeys, Revoke all",
    load: () => import('./areas/users/paths/userStatus.paths'),
  },
  {
    id: 'userTimeline',
    usedIn: "A user's details: the timeline from the audit log",
    load: () => import('./areas/users/paths/userTimeline.paths'),
  },
  {
    id: 'userFactors',
    usedIn: "A user's details: the second factors, and their reset",
    load: () => import('./areas/users/paths/userFactors.paths'),
  },
  {
    id: 'accessAssignments',
    usedIn: "A user's details: roles, groups, and where each permission comes from",
    load: () => import('./areas/users/paths/accessAssignments.paths'),
  },
  {
    id: 'explain',
    usedIn: "A user's details: 'Why can they?'",
    load: () => import('./areas/users/paths/explain.paths'),
  },
  {
    id: 'logsList',
    usedIn: 'Logs (/logs): the audit log, its filters, paging and event detail',
    load: () => import('./areas/logs/paths/logsList.paths'),
  },
  {
    id: 'logsPicker',
    usedIn: 'Logs (/logs): the Actor, User and Service pickers and their chips',
    load: () => import('./areas/logs/paths/logsPicker.paths'),
  },
  {
    id: 'queueList',
    usedIn: 'Queue (/queue): outbound messages, what needs staff, retry, cancel and unlock',
    load: () => import('./areas/queue/paths/queueList.paths'),
  },
  {
    id: 'rolesScreen',
    usedIn: 'Roles (/roles): the roles, the permission matrix, delete',
    load: () => import('./areas/roles/paths/rolesScreen.paths'),
  },
  {
    id: 'roleEditor',
    usedIn: "Roles (/roles): 'New role' and Edit",
    load: () => import('./areas/roles/paths/roleEditor.paths'),
  },
  {
    id: 'dashboard',
    usedIn: 'Dashboard (/dashboard): sign-in figures, accounts and the queue',
    load: () => import('./areas/dashboard/paths/dashboard.paths'),
  },
  {
    id: 'attributeTree',
    usedIn: 'Attribute Editor (/attributes): the tree',
    load: () => import('./areas/attributes/paths/attributeTree.paths'),
  },
  {
    id: 'treeTransfer',
    usedIn: 'Attribute Editor: moving keys between trees',
    load: () => import('./areas/attributes/paths/treeTransfer.paths'),
  },
  {
    id: 'attachExisting',
    usedIn: 'Attribute Editor: Add Existing',
    load: () => import('./areas/attributes/paths/attachExisting.paths'),
  },
  {
    id: 'removeLink',
    usedIn: 'Attribute Editor: removing a key from a tree',
    load: () => import('./areas/attributes/paths/removeLink.paths'),
  },
  {
    id: 'keyName',
    usedIn: 'Attribute Editor: the trunk and branch name dialog',
    load: () => import('./areas/attributes/paths/keyName.paths'),
  },
  {
    id: 'attributeKey',
    usedIn: 'Attribute Editor: the AttributeKey dialog',
    load: () => import('./areas/attributes/paths/attributeKey.paths'),
  },
  {
    id: 'attributeKeySave',
    usedIn: 'AttributeKey dialog: the save sequence',
    load: () => import('./areas/attributes/paths/attributeKeySave.paths'),
  },
  {
    id: 'conditional',
    usedIn: 'Attribute Editor: the conditional dialog',
    load: () => import('./areas/attributes/paths/conditional.paths'),
  },
  {
    id: 'keyDemo',
    usedIn: "Attribute Editor: a key's demo",
    load: () => import('./areas/attributes/paths/keyDemo.paths'),
  },
  {
    id: 'treeDemo',
    usedIn: 'Attribute Editor: the tree demo (/attributes/demo)',
    load: () => import('./areas/attributes/paths/treeDemo.paths'),
  },
  {
    id: 'flowsList',
    usedIn: 'Flows (/flows): the list of statecharts',
    load: () => import('./areas/flows/paths/flowsList.paths'),
  },
  {
    id: 'flowsChart',
    usedIn: "Flows (/flows/…): one statechart's diagram, simulation and paths",
    load: () => import('./areas/flows/paths/flowsChart.paths'),
  },
  {
    id: 'flowsReplay',
    usedIn: 'Flows (/flows/…/replay/…): a real sign-in from Logs, played on its statechart',
    load: () => import('./areas/flows/paths/flowsReplay.paths'),
  },
  {
    id: 'userSelection',
    usedIn: 'Users (/users): the rows picked for a bulk action',
    load: () => import('./areas/users/paths/userSelection.paths'),
  },
  {
    id: 'userBulk',
    usedIn: 'Users (/users): a bulk action over the selected users',
    load: () => import('./areas/users/paths/userBulk.paths'),
  },
  {
    id: 'groupsPage',
    usedIn: 'Groups (/groups): the groups, the search and the selected group',
    load: () => import('./areas/groups/paths/groupsPage.paths'),
  },
  {
    id: 'groupForm',
    usedIn: "Groups (/groups): 'New group' and Edit",
    load: () => import('./areas/groups/paths/groupForm.paths'),
  },
  {
    id: 'groupDelete',
    usedIn: "Groups (/groups): a group's Delete",
    load: () => import('./areas/groups/paths/groupDelete.paths'),
  },
  {
    id: 'groupMembers',
    usedIn: "Groups (/groups): the selected group's members and Remove",
    load: () => import('./areas/groups/paths/groupMembers.paths'),
  },
  {
    id: 'addMembers',
    usedIn: "Groups (/groups): 'Add members'",
    load: () => import('./areas/groups/paths/addMembers.paths'),
  },
  {
    id: 'userExport',
    usedIn: "Users (/users): 'Export CSV'",
    load: () => import('./areas/users/paths/userExport.paths'),
  },
  {
    id: 'mfaPolicy',
    usedIn: "Users (/users): the 'Second-factor policy' dialog",
    load: () => import('./areas/users/paths/mfaPolicy.paths'),
  },
  {
    id: 'tokenList',
    usedIn: 'API tokens (/tokens): your tokens, and revoking one',
    load: () => import('./areas/tokens/paths/tokenList.paths'),
  },
  {
    id: 'newToken',
    usedIn: "API tokens (/tokens): 'New token' and its secret, shown once",
    load: () => import('./areas/tokens/paths/newToken.paths'),
  },
  {
    id: 'webhookList',
    usedIn: 'Webhooks (/webhooks): the endpoints',
    load: () => import('./areas/webhooks/paths/webhookList.paths'),
  },
  {
    id: 'newWebhook',
    usedIn: "Webhooks (/webhooks): 'Add endpoint' and its secret, shown once",
    load: () => import('./areas/webhooks/paths/newWebhook.paths'),
  },
  {
    id: 'webhookEndpoint',
    usedIn: 'A webhook endpoint (/webhooks/…): edit, enable, test event, rotate, delete',
    load: () => import('./areas/webhooks/paths/webhookEndpoint.paths'),
  },
  {
    id: 'webhookDeliveries',
    usedIn: 'A webhook endpoint (/webhooks/…): the delivery log, its attempts and Replay',
    load: () => import('./areas/webhooks/paths/webhookDeliveries.paths'),
  },
]

export const catalogEntry = (id: string) => catalog.find((e) => e.id === id)
