import type { AnyMachineSnapshot, EventObject } from 'xstate'

/**
 * A screen script says how a person drives one statechart through the real console: for each
 * event (with its sample value) what to do on the screen, for each server answer what makes a
 * real server give it, and for each state what to check. `npm run paths -- <machine> --format
 * playwright` turns it and the machine's paths into Playwright specs (docs/flows-playwright.md).
 * Everything here is data the generator writes out as code: no functions reach the spec.
 */

/** Where a typed value comes from when the spec runs. */
export type Value =
  | { text: string }
  /** The account the specs run as (GATEHOUSE_USERNAME, GATEHOUSE_PASSWORD). */
  | { env: 'username' | 'password' }
  /** The sample made unique for the run (an address no account has): `unique('Ada@Example.com')`. */
  | { unique: string }
  /** A field of what the spec made through the API before the screen opened: `service.name`. */
  | { made: string }

export const text = (value: string): Value => ({ text: value })

/** An element found as a person finds it: by role and accessible name, label or text. */
export type Target =
  | { role: AriaRole; name?: string | Value; exact?: boolean; in?: Target }
  | { label: string; exact?: boolean; in?: Target }
  | { text: string | Value; exact?: boolean; in?: Target }

export type AriaRole =
  | 'alert'
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'dialog'
  | 'alertdialog'
  | 'heading'
  | 'link'
  | 'menuitem'
  | 'tree'
  | 'treeitem'
  | 'listbox'
  | 'option'
  | 'radio'
  | 'region'
  | 'status'
  | 'textbox'

export const byRole = (role: AriaRole, name?: string | Value, more: Partial<Target> = {}) =>
  ({ role, ...(name !== undefined ? { name } : {}), ...more }) as Target
export const byLabel = (label: string, more: { exact?: boolean; in?: Target } = {}): Target => ({
  label,
  exact: true,
  ...more,
})
export const inside = (scope: Target, target: Target): Target => ({ ...target, in: scope })

/** What a step does on the screen. */
export type Action =
  | { fill: Target; value: Value }
  | { click: Target }
  | { check: Target }
  | { uncheck: Target }
  | { choose: Target; option: string }
  | { press: string; on?: Target }

/** What a step checks on the screen afterwards. */
export type Check =
  | { visible: Target }
  | { hidden: Target }
  | { enabled: Target }
  | { disabled: Target }
  | { value: Target; is: Value }
  | { text: Target; is: string | Value }
  | { url: string }

/** How one event is driven: actions, or why a person cannot do it on a real server. */
export type EventScript = { actions: Action[] } | { notDrivable: string }

/** How one server answer (xstate.done.actor.*, xstate.error.actor.*) comes about. */
export type AnswerScript =
  /** The real server answers so when the path `needs` what is named (e.g. 'real credentials'). */
  { needs?: string } | { notDrivable: string }

/** What the path needs from its answers: the condition names of its answer scripts. */
export type PathNeeds = ReadonlySet<string>

/** A call the spec makes through the API before opening the screen (gatehouse.ts has them). */
export type Setup = { make: 'service' | 'attributeKey'; as: string; with: Record<string, unknown> }

export type Start = {
  /** The console's address to open; `{name.field}` reads what `setup` made. */
  path: string
  signedIn: boolean
  setup?: Setup[]
  /** Actions that open what the machine drives (a dialog), after the page opens. */
  open?: Action[]
}

/** Checks of a state; a state the screen passes through too fast to check says why. */
export type StateChecks = Check[] | { passing: string }

export type ScreenScript = {
  machine: string
  /** Where each model of the paths module starts (by the model's name). */
  start: (model: string) => Start | { notDrivable: string }
  /**
   * Drives an event the machine takes from the screen; `needs` is what the path's answers need,
   * `before` the production machine's snapshot the event is sent to.
   */
  event: (event: EventObject, needs: PathNeeds, before: AnyMachineSnapshot) => EventScript
  /** Whether and how a real server gives this answer. */
  answer: (event: EventObject) => AnswerScript
  /** What the screen shows in a snapshot of the production machine (after replay). */
  checks: (snapshot: AnyMachineSnapshot) => StateChecks
}

export const defineScreenScript = (script: ScreenScript) => script

export const isAnswer = (event: EventObject) =>
  event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')
