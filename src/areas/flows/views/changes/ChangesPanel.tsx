import { Code, Flex, Text } from '@radix-ui/themes'
import { useMemo } from 'react'
import { diffSummary, type Change } from '../../../../flows/diff'
import type { ChartChanges } from '../../../../flows/release/changes'
import { FlowDiagram, useDiagramTheme } from '../diagram/FlowDiagram'
import { CHANGE_TONES, CHANGE_WORDS } from './changesPalette'
import { ChangeBadge, ChangeList } from './ChangeList'

const LEGEND: Record<Change, string> = {
  added: 'new since the release: a solid line, +',
  removed: 'in the release, gone now: a dashed line, −',
  changed: 'its description, guard, actions or targets differ: a dotted line, ~',
}

/** What the marks on the diagram mean: a sample line, the word and the sign, never colour alone. */
function Legend() {
  const tones = CHANGE_TONES[useDiagramTheme()]
  return (
    <Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: 'none' }}>
      <ul aria-label="Legend">
        {(['added', 'removed', 'changed'] as const).map((change) => (
          <Flex asChild align="center" gap="2" key={change}>
            <li>
              <svg width="28" height="10" aria-hidden>
                <path
                  d="M1 5 H27"
                  stroke={tones[change].line}
                  strokeWidth="2.5"
                  strokeDasharray={tones[change].dash}
                />
              </svg>
              <ChangeBadge change={change} />
              <Text size="2">
                {tones[change].sign} {CHANGE_WORDS[change]}: {LEGEND[change]}
              </Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  )
}

/**
 * Changes: the machine against the last release (src/flows/release/graphs.json). The diagram
 * draws today's machine with what the release had put back in; added parts are green, removed
 * ones red and dashed, changed ones violet and dotted, each tagged in words; the list says it all
 * again in words.
 */
export function ChangesPanel({ changes }: { changes: ChartChanges }) {
  const { diff, version, graph, marks } = changes
  const taken = useMemo(() => new Set(marks.transitions.keys()), [marks])
  if (diff.change === 'same')
    return (
      <Text as="p" size="2">
        No changes since the last release.{' '}
        <Text color="gray">
          (Release {version}; another version: <Code>npm run flows -- --diff REV</Code>.)
        </Text>
      </Text>
    )
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2">
        {changes.isNew
          ? `${diff.id} is new since release ${version}: all of it is added.`
          : `Since release ${version}: ${diffSummary(diff)}.`}
      </Text>
      <Legend />
      <FlowDiagram
        graph={graph}
        label={`Changes to ${diff.id} since release ${version}`}
        taken={taken}
        changes={marks}
      />
      <ChangeList diff={diff} />
    </Flex>
  )
}
