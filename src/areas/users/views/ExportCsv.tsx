import { DownloadIcon } from '@radix-ui/react-icons'
import { Button, IconButton } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { UserExportActor, UserExportSnapshot } from '../machines/userExport.machine'

const selectBusy = (s: UserExportSnapshot) => s.hasTag('busy')
const selectCanStart = (s: UserExportSnapshot) => s.can({ type: 'export.start' })

/**
 * 'Export CSV': every user under the list's current search, filters and sort (not only the loaded
 * pages), read from the cache by the export chart and downloaded as users.csv. `compact` (phones):
 * the icon alone, named 'Export CSV', with the name as its tooltip.
 */
export function ExportCsv({ exporter, compact }: { exporter: UserExportActor; compact: boolean }) {
  const busy = useSelector(exporter, selectBusy)
  const canStart = useSelector(exporter, selectCanStart)
  const start = () => exporter.send({ type: 'export.start' })
  if (compact)
    return (
      <IconButton
        variant="soft"
        aria-label="Export CSV"
        title="Export CSV"
        loading={busy}
        disabled={!canStart}
        onClick={start}
      >
        <DownloadIcon />
      </IconButton>
    )
  return (
    <Button variant="soft" loading={busy} disabled={!canStart} onClick={start}>
      <DownloadIcon />
      Export CSV
    </Button>
  )
}
