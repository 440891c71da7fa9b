import type { Access } from '../../../../kit/machines/access'

/** The screens that need only their own read permission ('users.read' for /users). */
type ReadScreen = 'sessions' | 'services' | 'users' | 'attributes' | 'flows'

export type HomeAction = {
  path: `/${ReadScreen}` | '/profile'
  title: string
  text: string
  access: Access
}

/** A screen's card: it shows to those with the screen's read permission. */
const readable = (screen: ReadScreen, title: string, text: string): HomeAction => ({
  path: `/${screen}`,
  title,
  text,
  access: { permission: `${screen}.read` },
})

/** What Home offers next; each card shows only when the person may open that screen. */
export const HOME_ACTIONS: readonly HomeAction[] = [
  readable('sessions', 'Sessions', 'See who is signed in and end sessions.'),
  readable(
    'services',
    'Services',
    'Register and edit the services that sign in through Gatehouse.',
  ),
  readable('users', 'Users', 'Find people and look after their accounts.'),
  readable('attributes', 'Attributes', 'Arrange the tree of product attributes.'),
  readable(
    'flows',
    'Flows',
    "See how the console's screens behave: diagrams, simulations and test paths.",
  ),
  {
    path: '/profile',
    title: 'Profile',
    text: 'Your name, email, phone and two-factor setting.',
    access: {},
  },
]
