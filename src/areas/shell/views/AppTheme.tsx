import '@fontsource/libre-franklin/400.css'
import '@fontsource/libre-franklin/500.css'
import '@fontsource/libre-franklin/700.css'
import '@fontsource/crete-round/400.css'
// Radix Themes in its documented parts rather than styles.css, with the colour scales the console
// uses only (SPEC.md §1's cyan accent on the slate gray, and the gray, red, green, amber, orange
// and blue of statuses and notices): the first load's CSS (docs/console-first-load.md). A
// component given another colour needs its scale added here.
import '@radix-ui/themes/tokens/colors/gray.css'
import '@radix-ui/themes/tokens/colors/slate.css'
import '@radix-ui/themes/tokens/colors/amber.css'
import '@radix-ui/themes/tokens/colors/blue.css'
import '@radix-ui/themes/tokens/colors/cyan.css'
import '@radix-ui/themes/tokens/colors/green.css'
import '@radix-ui/themes/tokens/colors/orange.css'
import '@radix-ui/themes/tokens/colors/red.css'
import '@radix-ui/themes/tokens/base.css'
import '@radix-ui/themes/components.css'
import '@radix-ui/themes/utilities.css'
import './theme.css'
import { Theme } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'

/** Radix Themes with Gatehouse's accent, following the system light or dark preference live. */
export function AppTheme({ children }: { children: ReactNode }) {
  const dark = useMediaQuery(MEDIA.dark)
  return (
    <Theme
      appearance={dark ? 'dark' : 'light'}
      accentColor="cyan"
      grayColor="slate"
      radius="medium"
    >
      {children}
    </Theme>
  )
}
