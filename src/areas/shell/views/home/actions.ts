import type { Access } from '../../../../kit/machines/access'

export type HomeAction = {
  path: '/sessions' | '/services' | '/users' | '/attributes' | '/flows' | '/profile'
  title: string
  text: string
  access: Access
}

/** What Home offers next; each card shows only when the person may open that screen. */
export const HOME_ACTIONS: readonly HomeAction[] = [
  {
    path: '/sessions',
    title: 'Sessions',
    text: 'See who is signed in and end sessions.',
    access: { permission: 'sessions.read' },
  },
  {
    path: '/services',
    title: 'Services',
    text: 'Register and edit the services that sign in through Gatehouse.',
    access: { permission: 'services.read' },
  },
  {
    path: '/users',
    title: 'Users',
    text: 'Find people and look after their accounts.',
    access: { permission: 'users.read' },
  },
  {
    path: '/attributes',
    title: 'Attributes',
    text: 'Arrange the tree of product attributes.',
    access: { permission: 'attributes.read' },
  },
  {
    path: '/flows',
    title: 'Flows',
    text: "See how the console's screens behave: diagrams, simulations and test paths.",
    access: { permission: 'flows.read' },
  },
  {
    path: '/profile',
    title: 'Profile',
    text: 'Your name, email, phone and two-factor setting.',
    access: {},
  },
]
