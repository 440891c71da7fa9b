import {
  CardStackIcon,
  ComponentInstanceIcon,
  DashboardIcon,
  FileTextIcon,
  HomeIcon,
  IdCardIcon,
  LapTimerIcon,
  LightningBoltIcon,
  ListBulletIcon,
  PaperPlaneIcon,
  PersonIcon,
} from '@radix-ui/react-icons'
import type { TabPath } from '../../../kit/views/page/navigation'

/**
 * One glyph per screen, the same in the top bar, the bottom bar, its More menu and Home's cards.
 * Chosen so that none reads as another control: Logs a page of text (not a list), Attributes a
 * bulleted list (the sliders read as 'filters'), Queue a paper plane for outgoing messages (the
 * envelope read as 'mail'), Webhooks a lightning bolt for events fired at other systems, Roles an identity card, Groups a stack of such cards (sets of people).
 */
const ICONS = {
  '/home': HomeIcon,
  '/sessions': LapTimerIcon,
  '/users': PersonIcon,
  '/services': ComponentInstanceIcon,
  '/logs': FileTextIcon,
  '/attributes': ListBulletIcon,
  '/roles': IdCardIcon,
  '/groups': CardStackIcon,
  '/queue': PaperPlaneIcon,
  '/webhooks': LightningBoltIcon,
  '/dashboard': DashboardIcon,
} satisfies Record<TabPath, unknown>

export function TabIcon({ path, size = 16 }: { path: TabPath; size?: number }) {
  const Icon = ICONS[path]
  return <Icon width={size} height={size} aria-hidden />
}
