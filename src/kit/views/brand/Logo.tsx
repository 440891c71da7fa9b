/** The Gatehouse mark: a shield with a gate arch, the same drawing as public/favicon.svg. */
export function Logo({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <path d="M32 3 57 12v18c0 15-10.5 26.5-25 31C17.5 56.5 7 45 7 30V12Z" fill="#008EAA" />
      <path d="M20 20h5v-4h5v4h4v-4h5v4h5v28H20Z" fill="#fff" />
      <path d="M26 48V37a6 6 0 0 1 12 0v11Z" fill="#008EAA" />
    </svg>
  )
}
