import { createFileRoute } from '@tanstack/react-router'
import { validateLogsSearch } from '../../machines/logsFilters'
import { Guarded } from '../../views/guard/Guarded'
import { LogsPage } from '../../views/logs/LogsPage'

// The filters live in the URL (/logs?user=…&outcome=failure), so a filtered view can be linked.
export const Route = createFileRoute('/_signedIn/logs')({
  validateSearch: validateLogsSearch,
  component: function LogsRoute() {
    const search = Route.useSearch()
    return (
      <Guarded permission="logs.read">
        <LogsPage search={search} />
      </Guarded>
    )
  },
})
