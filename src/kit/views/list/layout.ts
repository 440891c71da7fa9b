/** SPEC.md §9 lg 1280: from here on the filter drawer sits beside the list (300 px, 8 px closed). */
export const LARGE = '(min-width: 1280px)'

/** How the filter drawer shows: beside the list, over its left edge, or as a sheet from below. */
export type DrawerMode = 'docked' | 'side' | 'sheet'

/**
 * Large screens dock the drawer; from md (960) the list and detail share the screen and the drawer
 * covers the list; below md, where list and detail take turns, it is a bottom sheet.
 */
export const drawerMode = (large: boolean, desktop: boolean): DrawerMode =>
  large ? 'docked' : desktop ? 'side' : 'sheet'

/** SPEC.md §9: the filter drawer's width, open and collapsed. */
export const DRAWER_WIDTH = { open: 300, collapsed: 8 } as const

// The page fills the window below the bars, so that the list scrolls and its footer stays in view:
// desktop top bar 64 + the shell's 24 above and below; mobile header 56 + 24 + bottom bar 64 + 24.
export const PAGE_HEIGHT = { wide: 'calc(100dvh - 112px)', narrow: 'calc(100dvh - 168px)' }
