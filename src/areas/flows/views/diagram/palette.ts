export type DiagramTheme = 'light' | 'dark'

/**
 * The diagram's colours as plain hex values (Radix slate, cyan, orange and red steps, with
 * Gatehouse's #008EAA): CSS variables would leave an exported SVG colourless outside the page.
 * Text colours keep 4.5:1 on the fills they sit on.
 */
export type Palette = {
  background: string
  strong: string
  normal: string
  muted: string
  rootFill: string
  compoundFill: string
  stateFill: string
  stroke: string
  regionStroke: string
  activeFill: string
  activeStroke: string
  edge: string
  errorEdge: string
  taken: string
  labelFill: string
  enabledFill: string
  enabledStroke: string
  enabledText: string
  chipFill: string
  chipText: string
  toggleFill: string
  /** The keyboard focus ring around a label, row or toggle. */
  focus: string
}

export const PALETTES: Record<DiagramTheme, Palette> = {
  light: {
    background: '#ffffff',
    strong: '#1c2024',
    normal: '#363a3f',
    muted: '#5b5f66',
    rootFill: '#fcfcfd',
    compoundFill: '#f3f4f6',
    stateFill: '#ffffff',
    stroke: '#8b8d98',
    regionStroke: '#80838d',
    activeFill: '#d5f4f8',
    activeStroke: '#008eaa',
    edge: '#60646c',
    errorEdge: '#ce2c31',
    taken: '#e05d00',
    labelFill: '#ffffff',
    enabledFill: '#e7f7fa',
    enabledStroke: '#008eaa',
    enabledText: '#00576a',
    chipFill: '#e8e8ec',
    chipText: '#1c2024',
    toggleFill: '#ffffff',
    focus: '#0d74ce',
  },
  dark: {
    background: '#111113',
    strong: '#edeef0',
    normal: '#d0d3d8',
    muted: '#a9adb4',
    rootFill: '#151618',
    compoundFill: '#1b1c1f',
    stateFill: '#232427',
    stroke: '#6b717a',
    regionStroke: '#777b84',
    activeFill: '#003848',
    activeStroke: '#4ccce6',
    edge: '#a0a4ab',
    errorEdge: '#ff8a86',
    taken: '#ff9a4a',
    labelFill: '#111113',
    enabledFill: '#082c36',
    enabledStroke: '#4ccce6',
    enabledText: '#7fdcef',
    chipFill: '#363a3f',
    chipText: '#edeef0',
    toggleFill: '#2e3135',
    focus: '#70b8ff',
  },
}
