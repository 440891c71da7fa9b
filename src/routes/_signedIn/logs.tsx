import { createFileRoute } from '@tanstack/react-router'
import { validateLogsSearch } from '../../areas/logs/machines/logsFilters'
import { Guarded } from '../../kit/views/guard/Guarded'
import { LogsPage } from '../../areas/logs/views/LogsPage'

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
