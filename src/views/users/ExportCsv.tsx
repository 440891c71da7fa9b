import { DownloadIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useState } from 'react'
import { matchingRows } from '../../data/lists/matching'
import type { ListActor } from '../../machines/list.machine'
import { saveText } from '../flows/download'
import { usersCsv } from './csv'

/**
 * 'Export CSV': every user under the list's current search, filters and sort (not only the loaded
 * pages), read from the cache and downloaded as users.csv; nothing goes to the server.
 */
export function ExportCsv({ list }: { list: ListActor }) {
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      const { options } = list.getSnapshot().context
      saveText('users.csv', usersCsv(await matchingRows('users', options)), 'text/csv')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="soft" loading={busy} onClick={() => void onClick()}>
      <DownloadIcon />
      Export CSV
    </Button>
  )
}
