import { DownloadIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor, ListRow } from '../../../kit/machines/list.machine'
import { userExportMachine, type UserExportSnapshot } from '../machines/userExport.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { saveText } from '../../../kit/views/download/download'
import { usersCsv } from './csv'

const selectBusy = (s: UserExportSnapshot) => s.hasTag('busy')
const selectCanStart = (s: UserExportSnapshot) => s.can({ type: 'export.start' })

/** Downloads the rows as users.csv (no server involved). */
const write = (rows: ListRow[]) => saveText('users.csv', usersCsv(rows), 'text/csv')

/**
 * 'Export CSV': every user under the list's current search, filters and sort (not only the loaded
 * pages), read from the cache by the export chart and downloaded as users.csv.
 */
export function ExportCsv({ list }: { list: ListActor }) {
  const exporter = useScreenActor(userExportMachine, { input: { list, write } })
  const busy = useSelector(exporter, (s) => (s ? selectBusy(s) : false))
  const canStart = useSelector(exporter, (s) => (s ? selectCanStart(s) : false))
  return (
    <Button
      variant="soft"
      loading={busy}
      disabled={!canStart}
      onClick={() => exporter?.send({ type: 'export.start' })}
    >
      <DownloadIcon />
      Export CSV
    </Button>
  )
}
