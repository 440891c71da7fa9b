/** SPEC.md §9 breakpoints, as media queries. */
export const MEDIA = {
  /** md 960: from here on the desktop top bar replaces the bottom tab bar. */
  desktop: '(min-width: 960px)',
  /** Phones (max 499.5): the bottom bar drops its labels. */
  phone: '(max-width: 499.5px)',
  dark: '(prefers-color-scheme: dark)',
} as const
