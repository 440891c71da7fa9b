import { Badge, Flex, Text } from '@radix-ui/themes'
import { changeLines, type Change, type MachineDiff } from '../../../../flows/diff'
import { CHANGE_WORDS } from './changesPalette'

export const BADGE_COLOURS = { added: 'green', removed: 'red', changed: 'violet' } as const

/** A change's word as a badge: the same words as the diagram's tags and the legend. */
export function ChangeBadge({ change }: { change: Change }) {
  return (
    <Badge size="1" color={BADGE_COLOURS[change]} variant="soft" highContrast>
      {CHANGE_WORDS[change]}
    </Badge>
  )
}

/** The changes of one machine in words: one item each, with what changed under it. */
export function ChangeList({ diff }: { diff: MachineDiff }) {
  return (
    <Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: 'none' }}>
      <ul aria-label="Changes">
        {changeLines(diff).map((line, i) => (
          <li key={i}>
            <Text as="p" size="2">
              <ChangeBadge change={line.change} /> {line.text}
            </Text>
            {line.fields.length > 0 && (
              <Flex asChild direction="column" gap="1" mt="1" mb="0" pl="5">
                <ul>
                  {line.fields.map((f) => (
                    <Text as="p" size="2" color="gray" key={f.field} asChild>
                      <li>
                        {f.field}: <del>{f.before}</del> → <ins>{f.after}</ins>
                      </li>
                    </Text>
                  ))}
                </ul>
              </Flex>
            )}
          </li>
        ))}
      </ul>
    </Flex>
  )
}
