/** [name, pattern] pairs; the first that matches wins, so the more specific come first. */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(e|A|iOS)?\//],
  ['Opera', /OPR\/|Opera/],
  ['Samsung Internet', /SamsungBrowser\//],
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Chrome', /Chrome\/|CriOS\//],
  ['Safari', /Version\/[\d.]+.*Safari\//],
  ['curl', /^curl\//],
]

const SYSTEMS: [string, RegExp][] = [
  ['iPadOS', /iPad/],
  ['iOS', /iPhone|iPod/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
]

const firstMatch = (agent: string, table: [string, RegExp][]) =>
  table.find(([, pattern]) => pattern.test(agent))?.[0]

/**
 * A User-Agent header as a person reads it: 'Chrome on Windows', 'Safari on iOS'. Unknown agents
 * show the browser or system alone, or `unknown`. The Sessions list and the passkey labels share it.
 */
export function summarizeUserAgent(agent: string, unknown = 'Unknown device'): string {
  const browser = firstMatch(agent, BROWSERS)
  const system = firstMatch(agent, SYSTEMS)
  const headless = /Headless/.test(agent) ? ' (headless)' : ''
  if (browser && system) return `${browser}${headless} on ${system}`
  return browser ?? system ?? unknown
}
