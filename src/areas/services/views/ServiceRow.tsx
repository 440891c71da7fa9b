import { Badge, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { memo, type Ref } from 'react'
import type { ListRow } from '../../../kit/machines/list.machine'
import { rowItem, rowStyle } from '../../../kit/views/list/rowPlace'
import '../../../kit/views/list/rowLink.css'
import './ServiceList.css'

/**
 * The height the virtualizer lays each row out at: a name line and a key · url line, as tall as
 * the Users list's two-line rows.
 */
export const ROW_HEIGHT = 60

type Props = {
  service: ListRow
  selected: boolean
  /** Where the row sits: its index, the list's length (Record Count) and its offset in px. */
  index: number
  setSize: number
  top: number
  ref?: Ref<HTMLDivElement>
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * One service: its name, then its key and url. A deleted one (listed only with Show Deleted) reads
 * italic and greyed out, yet stays selectable so that it can be restored. The selected row is
 * highlighted and marked `aria-current`.
 */
export const ServiceRow = memo(function ServiceRow(props: Props) {
  const { service, selected, index, setSize, top, ref } = props
  const deleted = service.deleted === true
  const secondary = [text(service.key), text(service.url)].filter(Boolean).join(' · ')
  return (
    <div {...rowItem(index, setSize)} ref={ref} style={rowStyle(top, ROW_HEIGHT)}>
      <Link
        to="/services/$id"
        params={{ id: service.id }}
        className="gh-service-row gh-row-link"
        aria-current={selected ? 'page' : undefined}
        data-deleted={deleted || undefined}
      >
        <Flex align="center" gap="2" minWidth="0">
          <Text weight="medium" truncate>
            {text(service.name) || 'Unnamed service'}
          </Text>
          {deleted && (
            <Badge color="gray" variant="soft" size="1">
              Deleted
            </Badge>
          )}
        </Flex>
        <Text as="div" size="2" color="gray" truncate>
          {secondary}
        </Text>
      </Link>
    </div>
  )
})
