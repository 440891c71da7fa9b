import { DownloadIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { UserExportActor, UserExportSnapshot } from '../machines/userExport.machine'

const selectBusy = (s: UserExportSnapshot) => s.hasTag('busy')
const selectCanStart = (s: UserExportSnapshot) => s.can({ type: 'export.start' })

/**
 * 'Export CSV': every user under the list's current search, filters and sort (not only the loaded
 * pages), read from the cache by the export chart and downloaded as users.csv.
 */
export function ExportCsv({ exporter }: { exporter: UserExportActor }) {
  const busy = useSelector(exporter, selectBusy)
  const canStart = useSelector(exporter, selectCanStart)
  return (
    <Button
      variant="soft"
      loading={busy}
      disabled={!canStart}
      onClick={() => exporter.send({ type: 'export.start' })}
    >
      <DownloadIcon />
      Export CSV
    </Button>
  )
}
