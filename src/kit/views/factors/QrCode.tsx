import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/** The quiet zone QR readers need around the code, in modules. */
const MARGIN = 2

/**
 * A QR code drawn here as SVG (no outside service sees the secret it carries): one path of dark
 * modules on a white square, so it reads the same in the dark theme.
 */
export function QrCode({
  value,
  label,
  size = 184,
}: {
  value: string
  label: string
  size?: number
}) {
  const { path, extent } = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(value)
    qr.make()
    const count = qr.getModuleCount()
    let d = ''
    for (let row = 0; row < count; row += 1)
      for (let col = 0; col < count; col += 1)
        if (qr.isDark(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`
    return { path: d, extent: count + MARGIN * 2 }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      // Never squeezed by the text beside it: a small code does not scan.
      style={{ display: 'block', flexShrink: 0, borderRadius: 'var(--radius-2)' }}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
