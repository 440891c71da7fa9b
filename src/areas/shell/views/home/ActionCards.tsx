import {
  ComponentInstanceIcon,
  IdCardIcon,
  LapTimerIcon,
  MixerHorizontalIcon,
  PersonIcon,
  Share1Icon,
} from '@radix-ui/react-icons'
import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { SelfUser } from '../../../../../schema/user'
import { canAccess } from '../../../../kit/machines/access'
import { HOME_ACTIONS, type HomeAction } from './actions'

const ICONS = {
  '/sessions': LapTimerIcon,
  '/services': ComponentInstanceIcon,
  '/users': PersonIcon,
  '/attributes': MixerHorizontalIcon,
  '/flows': Share1Icon,
  '/profile': IdCardIcon,
} satisfies Record<HomeAction['path'], unknown>

/** 'What would you like to do?': one card per screen the person may open. */
export function ActionCards({ user }: { user: SelfUser }) {
  const actions = HOME_ACTIONS.filter((action) => canAccess(user, action.access))
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="home-actions">
        <Heading as="h2" size="4" id="home-actions">
          What would you like to do?
        </Heading>
        <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
          {actions.map((action) => {
            const Icon = ICONS[action.path]
            return (
              <Card key={action.path} asChild size="2">
                <Link to={action.path}>
                  <Flex gap="3" align="start">
                    <Icon
                      width={22}
                      height={22}
                      color="var(--accent-9)"
                      aria-hidden
                      style={{ flexShrink: 0 }}
                    />
                    <Flex direction="column" gap="1">
                      <Text weight="bold">{action.title}</Text>
                      <Text size="2" color="gray">
                        {action.text}
                      </Text>
                    </Flex>
                  </Flex>
                </Link>
              </Card>
            )
          })}
        </Grid>
      </section>
    </Flex>
  )
}
