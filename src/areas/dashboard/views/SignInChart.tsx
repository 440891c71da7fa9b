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

/**
 * Successes and failures over time, drawn by uPlot with the theme's colours (redrawn when light or
 * dark changes), and the same figures as a table: hidden but read by screen readers, shown by the
 * 'Show table' toggle. The canvas itself is hidden from assistive technology.
 */
export function SignInChart({ title, buckets, unit }: Props) {
  const holder = useRef<HTMLDivElement>(null)
  const dark = useMediaQuery(MEDIA.dark)
  const [showTable, setShowTable] = useState(false)
  const id = useId()
  const success = buckets.reduce((n, b) => n + b.success, 0)
  const failure = buckets.reduce((n, b) => n + b.failure, 0)

  useEffect(() => {
    const element = holder.current
    if (!element || !canDraw()) return
    const axis = cssColor(element, '--gray-11', '#666')
    const grid = cssColor(element, '--gray-a4', 'rgba(0,0,0,0.1)')
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] })
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 200,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: true },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
        axes: [
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
        ],
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
      plot.setSize({ width: Math.max(element.clientWidth, 280), height: 200 }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [buckets, dark])

  const table = (
    <Table.Root size="1" variant="surface">
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
            <Table.Cell>{bucket.success}</Table.Cell>
            <Table.Cell>{bucket.failure}</Table.Cell>
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
            {title}: {success} sign-in{success === 1 ? '' : 's'}, {failure} failure
            {failure === 1 ? '' : 's'}
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
                      <td>{bucket.success}</td>
                      <td>{bucket.failure}</td>
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
