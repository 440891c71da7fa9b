import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { Tab } from '../../../../kit/views/page/navigation'
import { TabIcon } from '../TabIcon'
import { homeCards } from './actions'

/** 'What would you like to do?': one card per screen of the menu the person may open. */
export function ActionCards({ tabs }: { tabs: readonly Tab[] }) {
  const cards = homeCards(tabs)
  if (cards.length === 0) return null
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="home-actions">
        <Heading as="h2" size="4" id="home-actions">
          What would you like to do?
        </Heading>
        <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
          {cards.map((card) => (
            <Card key={card.path} asChild size="2">
              <Link to={card.path}>
                <Flex gap="3" align="start">
                  <Flex flexShrink="0" style={{ color: 'var(--accent-11)' }}>
                    <TabIcon path={card.path} size={22} />
                  </Flex>
                  <Flex direction="column" gap="1">
                    <Text weight="bold">{card.title}</Text>
                    <Text size="2" color="gray">
                      {card.text}
                    </Text>
                  </Flex>
                </Flex>
              </Link>
            </Card>
          ))}
        </Grid>
      </section>
    </Flex>
  )
}
