import '@fontsource/libre-franklin/400.css'
import '@fontsource/libre-franklin/500.css'
import '@fontsource/libre-franklin/700.css'
import '@fontsource/crete-round/400.css'
import '@radix-ui/themes/styles.css'
import './theme.css'
import { Theme } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { MEDIA } from './media'
import { useMediaQuery } from './useMediaQuery'

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
