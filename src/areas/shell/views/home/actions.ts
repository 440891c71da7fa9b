import type { Tab, TabPath } from '../../../../kit/views/page/navigation'

type CardPath = Exclude<TabPath, '/home'>

/** What each screen of the menu is for, on its Home card. */
const CARD_TEXT: Record<CardPath, string> = {
  '/sessions': 'See who is signed in and end sessions.',
  '/users': 'Find people and look after their accounts.',
  '/services': 'Register and edit the services that sign in through Gatehouse.',
  '/logs': 'Read who did what and when, and export it.',
  '/attributes': 'Arrange the tree of product attributes.',
  '/roles': 'See what each role allows, and shape custom roles.',
  '/groups': 'Gather people into groups to give roles over them.',
  '/queue': 'Follow outgoing messages and the accounts that need staff.',
  '/webhooks': 'Send events to other systems and follow their deliveries.',
  '/dashboard': 'Sign-ins, accounts and the queue at a glance.',
}

export type HomeCard = { path: CardPath; title: string; text: string }

/**
 * Home's cards are the menu's screens (SPEC.md §1 top-level navigation) that the person may open
 * here, Home itself aside: the same set, order and names as the tabs. Profile, Change Password and
 * Flows live in the user menu, as in the header.
 */
export function homeCards(tabs: readonly Tab[]): HomeCard[] {
  return tabs.flatMap((tab) =>
    tab.path === '/home' ? [] : [{ path: tab.path, title: tab.label, text: CARD_TEXT[tab.path] }],
  )
}
