import { Button } from '@radix-ui/themes'
import { useEffect, useState } from 'react'

/**
 * Copies text to the clipboard and says so for a moment ('Copied'); where the browser refuses
 * (no permission, an insecure page) it says 'Copy failed', and the text stays on screen to select.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (outcome === 'idle') return
    const timer = setTimeout(() => setOutcome('idle'), 2000)
    return () => clearTimeout(timer)
  }, [outcome])
  return (
    <Button
      type="button"
      variant="soft"
      onClick={() => {
        navigator.clipboard
          .writeText(text)
          .then(() => setOutcome('copied'))
          .catch(() => setOutcome('failed'))
      }}
    >
      <span aria-live="polite">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed' : label}
      </span>
    </Button>
  )
}
