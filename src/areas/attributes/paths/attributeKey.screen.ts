import type { AnyMachineSnapshot, EventObject } from 'xstate'
import {
  byLabel,
  byRole,
  defineScreenScript,
  inside,
  text,
  type AnswerScript,
  type Check,
  type EventScript,
} from '../../../flows/playwright/screenScript'
import { liveOptions } from '../machines/attributeKey.draft'
import { CONTROL_TYPE_LABELS, TYPE_LABELS } from '../machines/attributeKey.labels'
import type { AttributeKeyEvent, AttributeKeySnapshot } from '../machines/attributeKey.machine'
import { green, paint, red } from './attributes.fixtures'

const dialog = byRole('dialog', 'AttributeKey')
const inDialog = inside.bind(null, dialog)
const button = (name: string) => inDialog(byRole('button', name, { exact: true }))
const IMAGES = 'choosing or dropping an image file is not driven yet (a file chooser on the runner)'

/** The options as the dialog lists them, for the names its buttons carry ('Move Green up'). */
const optionName = (s: AttributeKeySnapshot, id: string) => {
  const options = liveOptions(s.context.options)
  const index = options.findIndex((o) => o.id === id)
  const option = options[index]
  return { index, name: option?.label || option?.value || `option ${index + 1}` }
}

function event(sent: EventObject, _needs: unknown, before: AnyMachineSnapshot): EventScript {
  const s = before as AttributeKeySnapshot
  const e = sent as AttributeKeyEvent
  switch (e.type) {
    case 'key.edit':
      return {
        actions: [
          { fill: inDialog(byLabel(e.field === 'name' ? 'Name' : 'Prompt')), value: text(e.value) },
        ],
      }
    case 'key.changeType':
      return {
        actions: [
          {
            choose: inDialog(byRole('combobox', 'Type', { exact: true })),
            option: TYPE_LABELS[e.value] ?? e.value,
          },
        ],
      }
    case 'key.chooseControlType':
      return {
        actions: [
          {
            choose: inDialog(byRole('combobox', 'Control Type', { exact: true })),
            option: CONTROL_TYPE_LABELS[e.value],
          },
        ],
      }
    case 'key.configure':
      if (Object.keys(e.changes).join() !== 'inputOrientation')
        return { notDrivable: 'only the orientation of the configuration is driven' }
      return { actions: [{ click: inDialog(byRole('radio', String(e.changes.inputOrientation))) }] }
    case 'option.add':
      return { actions: [{ click: button('Add Option') }] }
    case 'option.edit': {
      const { index } = optionName(s, e.id)
      const label = e.field === 'label' ? 'Option label' : 'Value'
      return {
        actions: [
          { fill: inDialog(byLabel(`${label} of option ${index + 1}`)), value: text(e.value) },
        ],
      }
    }
    case 'option.remove':
      return { actions: [{ click: button(`Delete ${optionName(s, e.id).name}`) }] }
    case 'option.move': {
      if (Math.abs(e.from - e.to) !== 1)
        return { notDrivable: 'a move of more than one place is a drag' }
      const moved = liveOptions(s.context.options)[e.from]
      const name = moved ? optionName(s, moved.id).name : ''
      return { actions: [{ click: button(`Move ${name} ${e.to < e.from ? 'up' : 'down'}`) }] }
    }
    case 'key.save':
      return { actions: [{ click: button('Save') }] }
    case 'key.close':
      return { actions: [{ click: button('Close') }] }
    default:
      return { notDrivable: IMAGES }
  }
}

function answer(event: EventObject): AnswerScript {
  if (event.type === 'xstate.done.actor.loadKey') {
    const { key } = (event as unknown as { output: { key?: unknown } }).output
    return key ? {} : { notDrivable: 'it needs a key the console’s cache does not hold' }
  }
  if (event.type === 'xstate.done.actor.save')
    return (event as { failed?: boolean }).failed
      ? { notDrivable: 'it needs the server to refuse a step of a save it takes' }
      : {}
  return { notDrivable: 'it needs the console’s cache to fail' }
}

function checks(snapshot: AnyMachineSnapshot) {
  const s = snapshot as AttributeKeySnapshot
  if (s.matches('loading')) return { passing: 'the cache answers before a check could see it' }
  if (s.matches('saving')) return { passing: 'the server saves before a check could see it wait' }
  if (!s.matches('editing')) return [{ hidden: dialog }] satisfies Check[]
  const { draft } = s.context
  const list: Check[] = [
    { visible: dialog },
    { value: inDialog(byLabel('Name')), is: text(draft.name) },
    s.can({ type: 'key.save' }) ? { enabled: button('Save') } : { disabled: button('Save') },
  ]
  liveOptions(s.context.options).forEach((option, i) =>
    list.push({
      value: inDialog(byLabel(`Option label of option ${i + 1}`)),
      is: text(option.label),
    }),
  )
  return list
}

/**
 * The AttributeKey dialog on Paint, made through the API as the model's input is (a discrete
 * STRING radio with Red and Green), opened with Edit from its item's menu in the tree.
 */
export const script = defineScreenScript({
  machine: 'attributeKey',
  start: () => ({
    path: '/attributes',
    signedIn: true,
    setup: [
      {
        make: 'attributeKey',
        as: 'paint',
        with: {
          name: paint.name,
          prompt: paint.prompt,
          type: paint.type,
          controlType: paint.controlType,
          config: paint.config,
          options: [red, green].map((o) => ({ label: o.label, value: o.value })),
        },
      },
    ],
    open: [
      { press: 'ArrowRight', on: byRole('treeitem', { made: 'paint.trunk' }) },
      { press: 'ArrowRight', on: byRole('treeitem', { made: 'paint.branch' }) },
      // Only the new branch is open in a fresh browser, so its Paint is the one with this name.
      { click: byRole('button', { made: '`Actions for ${paint.name}`' }, { exact: true }) },
      { click: byRole('menuitem', 'Edit', { exact: true }) },
    ],
  }),
  event,
  answer,
  checks,
})
