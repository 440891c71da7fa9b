import {
  ActivityLogIcon,
  ComponentInstanceIcon,
  DashboardIcon,
  EnvelopeClosedIcon,
  HomeIcon,
  LapTimerIcon,
  MixerHorizontalIcon,
  PersonIcon,
} from '@radix-ui/react-icons'
import type { TabPath } from '../../../kit/views/page/navigation'

const ICONS = {
  '/home': HomeIcon,
  '/sessions': LapTimerIcon,
  '/users': PersonIcon,
  '/services': ComponentInstanceIcon,
  '/logs': ActivityLogIcon,
  '/attributes': MixerHorizontalIcon,
  '/queue': EnvelopeClosedIcon,
  '/dashboard': DashboardIcon,
} satisfies Record<TabPath, unknown>

export function TabIcon({ path, size = 16 }: { path: TabPath; size?: number }) {
  const Icon = ICONS[path]
  return <Icon width={size} height={size} aria-hidden />
}
