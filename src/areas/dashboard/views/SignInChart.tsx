import { Box, Button, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import { useEffect, useId, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { SignInBucket } from '../../../../schema/dashboard'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'

type Props = {
  /** The chart's accessible name: 'Sign-ins per hour, last 24 hours (UTC)'. */
  title: string
  buckets: readonly SignInBucket[]
  unit: 'hour' | 'day'
}

/** '14:00' for an hour, 'Jun 15' for a day, in UTC like the buckets. */
export function bucketLabel(start: string, unit: 'hour' | 'day'): string {
  const date = new Date(start)
  if (unit === 'hour') return `${String(date.getUTCHours()).padStart(2, '0')}:00`
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' })
}

// jsdom (the component and model tests) has no canvas; the table alternative is there instead.
const canDraw = () => typeof window !== 'undefined' && !/jsdom/i.test(window.navigator.userAgent)

const cssColor = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback

/** Whole numbers with thousands separators (SPEC.md): '4,060'. */
export const formatCount = (n: number) => n.toLocaleString('en-US')

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`

/** Seconds in a bucket: the x axis is padded by half of one either side, so no bar is cut. */
const BUCKET_SECONDS = { hour: 3600, day: 86_400 } as const

/** Steps the count axis may take: whole numbers only, never 2.5. */
const COUNT_STEPS = [1, 2, 5]
  .flatMap((step) => [1, 10, 100, 1000, 10_000, 100_000, 1_000_000].map((scale) => step * scale))
  .sort((a, b) => a - b)

const SWATCH = {
  success: { background: 'var(--green-a5)', border: '1px solid var(--green-9)' },
  failure: { background: 'var(--red-9)', height: 2 },
} as const

/**
 * Under the chart: the bucket under the pointer, or the latest one until the pointer is on the
 * chart ('15:00 (latest): 7 sign-ins, 1 failure'), with each series' swatch.
 */
function Legend({
  buckets,
  unit,
  hovered,
}: {
  buckets: readonly SignInBucket[]
  unit: 'hour' | 'day'
  hovered: number | null
}) {
  const index = hovered ?? buckets.length - 1
  const bucket = buckets[index]
  if (!bucket) return null
  return (
    <Flex gap="4" align="center" justify="center" wrap="wrap" aria-hidden="true">
      <Text size="2" weight="medium">
        {bucketLabel(bucket.start, unit)}
        {hovered === null ? ' (latest)' : ''}
      </Text>
      <Flex gap="2" align="center">
        <Box width="12px" height="12px" style={SWATCH.success} />
        <Text size="2">{plural(bucket.success, 'sign-in')}</Text>
      </Flex>
      <Flex gap="2" align="center">
        <Box width="12px" style={SWATCH.failure} />
        <Text size="2">{plural(bucket.failure, 'failure')}</Text>
      </Flex>
    </Flex>
  )
}

/**
 * Successes and failures over time, drawn by uPlot with the theme's colours (redrawn when light or
 * dark changes), and the same figures as a table: hidden but read by screen readers, shown by the
 * 'Show table' toggle. The canvas itself is hidden from assistive technology.
 */
export function SignInChart({ title, buckets, unit }: Props) {
  const holder = useRef<HTMLDivElement>(null)
  const dark = useMediaQuery(MEDIA.dark)
  const [showTable, setShowTable] = useState(false)
  const [hovered, setHovered] = useState<number | null>(null)
  const id = useId()
  const success = buckets.reduce((n, b) => n + b.success, 0)
  const failure = buckets.reduce((n, b) => n + b.failure, 0)

  useEffect(() => {
    const element = holder.current
    if (!element || !canDraw()) return
    const axis = cssColor(element, '--gray-11', '#666')
    const grid = cssColor(element, '--gray-a4', 'rgba(0,0,0,0.1)')
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] })
    const half = BUCKET_SECONDS[unit] / 2
    const font = `12px ${cssColor(element, '--default-font-family', 'sans-serif')}`
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: 200,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        // The legend is the React one under the chart (no '--' placeholders before a hover).
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: {
          // Half a bucket either side, so the first and last bars are whole.
          x: { time: true, range: (_u, min, max) => [min - half, max + half] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 4)] },
        },
        axes: [
          {
            stroke: axis,
            font,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            // '14:00' and 'Nov 28', as the table alternative names the buckets.
            values: (_u, splits) =>
              splits.map((split) => bucketLabel(new Date(split * 1000).toISOString(), unit)),
          },
          {
            stroke: axis,
            font,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            incrs: COUNT_STEPS,
            values: (_u, splits) => splits.map(formatCount),
          },
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
        series: [
          {},
          {
            label: 'Sign-ins',
            stroke: cssColor(element, '--green-9', '#30a46c'),
            fill: cssColor(element, '--green-a5', 'rgba(48,164,108,0.3)'),
            points: { show: false },
            ...(bars ? { paths: bars } : {}),
          },
          {
            label: 'Failures',
            stroke: cssColor(element, '--red-9', '#e5484d'),
            width: 2,
            points: { show: false },
          },
        ],
      },
      [
        buckets.map((b) => Date.parse(b.start) / 1000),
        buckets.map((b) => b.success),
        buckets.map((b) => b.failure),
      ],
      element,
    )
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 240), height: 200 }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [buckets, dark, unit])

  const table = (
    <Table.Root size="1" variant="ghost">
      <caption style={{ textAlign: 'start' }}>
        <Text size="1" color="gray">
          {title}
        </Text>
      </caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            {unit === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Sign-ins</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Failures</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {buckets.map((bucket) => (
          <Table.Row key={bucket.start}>
            <Table.RowHeaderCell>{bucketLabel(bucket.start, unit)}</Table.RowHeaderCell>
            <Table.Cell>{formatCount(bucket.success)}</Table.Cell>
            <Table.Cell>{formatCount(bucket.failure)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )

  return (
    <Flex direction="column" gap="2" asChild>
      <figure aria-labelledby={id} style={{ margin: 0 }}>
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Text as="p" size="2" weight="medium" id={id}>
            {title}: {plural(success, 'sign-in')}, {plural(failure, 'failure')}
          </Text>
          <Button
            size="1"
            variant="ghost"
            aria-pressed={showTable}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
        </Flex>
        {showTable ? (
          table
        ) : (
          <>
            <Box ref={holder} aria-hidden="true" className="sign-in-chart" minHeight="200px" />
            <Legend buckets={buckets} unit={unit} hovered={hovered} />
            {/* A plain table: Radix wraps its own in a scroll area, which axe wants focusable. */}
            <VisuallyHidden>
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{unit === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}</th>
                    <th scope="col">Sign-ins</th>
                    <th scope="col">Failures</th>
                  </tr>
                </thead>
                <tbody>
                  {buckets.map((bucket) => (
                    <tr key={bucket.start}>
                      <th scope="row">{bucketLabel(bucket.start, unit)}</th>
                      <td>{formatCount(bucket.success)}</td>
                      <td>{formatCount(bucket.failure)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </figure>
    </Flex>
  )
}
