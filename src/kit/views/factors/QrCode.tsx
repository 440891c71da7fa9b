import type QrEncoder from 'qrcode-generator'
import { Suspense, use, useMemo, type ReactNode } from 'react'

/** The quiet zone QR readers need around the code, in modules. */
const MARGIN = 2

/*
 * The QR encoder (20 KB) loads when a code is first shown, not with /login, which shows one only
 * to a person who must set up an app (docs/console-first-load.md). The same promise every time.
 */
let encoderLoad: Promise<typeof QrEncoder> | undefined
const encoder = () => (encoderLoad ??= import('qrcode-generator').then((module) => module.default))

type Props = { value: string; label: string; size?: number }

/**
 * A QR code drawn here as SVG (no outside service sees the secret it carries): one path of dark
 * modules on a white square, so it reads the same in the dark theme. While the encoder loads, the
 * white square stands in its place, with the same name.
 */
export function QrCode(props: Props) {
  return (
    <Suspense fallback={<Square {...props} extent={1} />}>
      <QrImage {...props} />
    </Suspense>
  )
}

function QrImage({ value, ...props }: Props) {
  const qrcode = use(encoder())
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
  }, [qrcode, value])
  return (
    <Square {...props} extent={extent}>
      <path d={path} fill="#000" />
    </Square>
  )
}

function Square({
  label,
  size = 184,
  extent,
  children,
}: Omit<Props, 'value'> & { extent: number; children?: ReactNode }) {
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
      {children}
    </svg>
  )
}
