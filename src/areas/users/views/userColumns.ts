import { STATUS_LABEL, type UserDisplay } from './userDisplay'

/** A column of the Users table; 'person' is the name over the email in one cell. */
export type ColumnKey =
  'person' | 'name' | 'email' | 'phone' | 'type' | 'status' | 'factors' | 'lastSignIn' | 'created'

/** Which columns a list shows and how wide they are: one grid for the header and every row. */
export type ColumnLayout = {
  /** Name over email in the first cell (two lines), or one line of cells. */
  stacked: boolean
  shown: readonly ColumnKey[]
  /** The rows' and header's grid-template-columns. */
  template: string
}

export const COLUMN_TITLE: Record<ColumnKey, string> = {
  person: 'Name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  type: 'Type',
  status: 'Status',
  factors: 'Second factors',
  lastSignIn: 'Last sign-in',
  created: 'Created',
}

/** The grid's column gap (Radix space 3) and a little air so a measured text never just misses. */
export const COLUMN_GAP = 12
const AIR = 4

/**
 * The layouts to try, best first (review item 3): every column on one line; then without Created,
 * then Type; then the name over the email, which frees the email's width for the other columns,
 * dropping Created, Type, Phone, Second factors and Last sign-in in turn. The last one is the
 * phone's: name over email, and the status.
 */
const CANDIDATES: { stacked: boolean; shown: ColumnKey[] }[] = [
  {
    stacked: false,
    shown: ['name', 'email', 'phone', 'type', 'status', 'factors', 'lastSignIn', 'created'],
  },
  { stacked: false, shown: ['name', 'email', 'phone', 'type', 'status', 'factors', 'lastSignIn'] },
  { stacked: false, shown: ['name', 'email', 'phone', 'status', 'factors', 'lastSignIn'] },
  {
    stacked: true,
    shown: ['person', 'phone', 'type', 'status', 'factors', 'lastSignIn', 'created'],
  },
  { stacked: true, shown: ['person', 'phone', 'type', 'status', 'factors', 'lastSignIn'] },
  { stacked: true, shown: ['person', 'phone', 'status', 'factors', 'lastSignIn'] },
  { stacked: true, shown: ['person', 'status', 'factors', 'lastSignIn'] },
  { stacked: true, shown: ['person', 'status', 'lastSignIn'] },
  { stacked: true, shown: ['person', 'status'] },
]
const PHONE_STYLE = CANDIDATES.at(-1)!

/** How wide each column's content is at most, in px, over the loaded rows and the title. */
export type ColumnNeeds = Record<ColumnKey, number>

// Beyond these a long name or address is cut (its full value in the cell's title) rather than
// pushing every other column out.
const CAP: Partial<Record<ColumnKey, number>> = { name: 260, email: 320, person: 320 }
// Where nothing is measured (no layout, as in jsdom): today's proportions.
const FALLBACK: ColumnNeeds = {
  person: 240,
  name: 160,
  email: 220,
  phone: 130,
  type: 64,
  status: 150,
  factors: 140,
  lastSignIn: 120,
  created: 100,
}

const GROWS: Partial<Record<ColumnKey, true>> = { name: true, email: true, person: true }

function template(shown: readonly ColumnKey[], needs: ColumnNeeds): string {
  // Name and email share what is left over in proportion to their content, never below it while
  // it fits; the others keep the width of their longest value.
  return shown
    .map((key) => (GROWS[key] ? `minmax(0, ${Math.round(needs[key])}fr)` : `${needs[key]}px`))
    .join(' ')
}

const widthOf = (shown: readonly ColumnKey[], needs: ColumnNeeds) =>
  shown.reduce((sum, key) => sum + needs[key], 0) + COLUMN_GAP * (shown.length - 1)

/**
 * The columns for a list `available` px wide (the rows' grid), given what the loaded rows need:
 * the first layout of CANDIDATES in which nothing is cut, else the phone's. Not `wide` (phones,
 * the narrow list beside the detail): the phone's. Unmeasured: every column, as before.
 */
export function chooseColumns(
  wide: boolean,
  available: number | null,
  measured: ColumnNeeds | null,
): ColumnLayout {
  if (!wide) return { ...PHONE_STYLE, template: 'minmax(0, 1fr) auto' }
  if (available === null || measured === null) {
    const first = CANDIDATES[0]!
    return { ...first, template: template(first.shown, FALLBACK) }
  }
  const needs = { ...measured }
  for (const [key, cap] of Object.entries(CAP) as [ColumnKey, number][])
    needs[key] = Math.min(needs[key], cap)
  const fits = CANDIDATES.find((c) => widthOf(c.shown, needs) <= available) ?? PHONE_STYLE
  return { ...fits, template: template(fits.shown, needs) }
}

/** The fonts the cells use (Radix sizes 1-3 at scaling 1), for the canvas to measure with. */
export type Fonts = {
  cell: string
  name: string
  stackedName: string
  badge: string
  title: string
}

export function fontsFor(family: string): Fonts {
  return {
    cell: `400 14px ${family}`,
    name: `500 14px ${family}`,
    stackedName: `500 14px ${family}`,
    badge: `500 12px ${family}`,
    title: `700 12px ${family}`,
  }
}

// A Radix size-1 badge: 6 px padding either side.
const BADGE_PADDING = 12

/** What one row needs in each column. */
export function rowNeeds(
  user: UserDisplay,
  measure: (text: string, font: string) => number,
  fonts: Fonts,
) {
  const cell = (text: string) => measure(text, fonts.cell)
  const name = measure(user.fullName, fonts.name)
  const email = cell(user.email)
  return {
    person: Math.max(measure(user.fullName, fonts.stackedName), measure(user.email, fonts.cell)),
    name,
    email,
    phone: cell(user.phone),
    type: cell(user.type),
    status: measure(STATUS_LABEL[user.status], fonts.badge) + BADGE_PADDING,
    factors: cell(user.factors),
    lastSignIn: cell(user.lastSignIn),
    created: cell(user.created),
  } satisfies ColumnNeeds
}

/** The widest of the rows' needs and the titles', rounded up with a little air. */
export function columnNeeds(
  rows: Iterable<ColumnNeeds>,
  measure: (text: string, font: string) => number,
  fonts: Fonts,
): ColumnNeeds {
  const keys = Object.keys(COLUMN_TITLE) as ColumnKey[]
  const needs = Object.fromEntries(
    keys.map((key) => [key, measure(COLUMN_TITLE[key], fonts.title)]),
  ) as ColumnNeeds
  for (const row of rows) for (const key of keys) needs[key] = Math.max(needs[key], row[key])
  for (const key of keys) needs[key] = Math.ceil(needs[key]) + AIR
  return needs
}
