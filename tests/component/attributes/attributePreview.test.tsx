import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { Theme } from '@radix-ui/themes'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AttributePreview } from '../../../src/areas/attributes/views/preview/AttributePreview'
import { testSession, WithSession } from '../../setup/session'
import { aKey, anOption, renderPreview, signedImages } from './attributePreview.support'

const colours = () => [
  anOption('Red', 'red', { sortOrder: 0, imagePath: 'attributes/red' }),
  anOption('Green', 'green', { sortOrder: 1 }),
  anOption('Blue', 'blue', { sortOrder: 2 }),
  anOption('Gone', 'gone', { sortOrder: 3, deleted: true }),
]

const group = () => screen.getByRole('group', { name: 'Which colour?' })

describe('AttributePreview', () => {
  it('shows only the name for a ROOT or BRANCH', () => {
    renderPreview({
      attributeKey: aKey({ type: 'BRANCH', name: 'Frame', controlType: null }),
      options: [],
    })
    expect(screen.getByRole('heading', { name: 'Frame' })).toBeVisible()
    expect(screen.queryByRole('group')).toBeNull()
  })

  it('INPUT on a STRING is a multiline text box with the configured rows', async () => {
    const changes: string[] = []
    const { user } = renderPreview({
      attributeKey: aKey({ config: '{"rows":3}' }),
      options: [],
      onChange: (value) => changes.push(value),
    })
    const box = screen.getByRole('textbox', { name: 'Which colour?' })
    expect(box.tagName).toBe('TEXTAREA')
    expect(box).toHaveAttribute('rows', '3')
    await user.type(box, 'hi')
    expect(box).toHaveValue('hi')
    expect(changes.at(-1)).toBe('hi')
  })

  it('INPUT on a number has min, max, step and the unit, and falls back to the name', () => {
    renderPreview({
      attributeKey: aKey({
        type: 'DECIMAL',
        prompt: null,
        name: 'Width',
        config: '{"min":1,"max":9,"step":0.5,"unit":"cm"}',
      }),
      options: [],
    })
    const input = screen.getByRole('spinbutton', { name: 'Width' })
    expect(input).toHaveAttribute('min', '1')
    expect(input).toHaveAttribute('max', '9')
    expect(input).toHaveAttribute('step', '0.5')
    expect(screen.getByText('cm')).toBeVisible()
  })

  it('TOGGLE_BUTTON presses one at a time; pressing again clears', async () => {
    const { user } = renderPreview({
      attributeKey: aKey({ controlType: 'TOGGLE_BUTTON', config: '{"descreteValues":true}' }),
      options: colours(),
    })
    const green = within(group()).getByRole('button', { name: 'Green' })
    await user.click(green)
    expect(green).toHaveAttribute('aria-pressed', 'true')
    expect(within(group()).getByRole('button', { name: /Red/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await user.click(green)
    expect(green).toHaveAttribute('aria-pressed', 'false')
    expect(within(group()).queryByRole('button', { name: 'Gone' })).toBeNull()
  })

  it('SELECT offers the live options in order and stores the value', async () => {
    const changes: string[] = []
    const { user } = renderPreview({
      attributeKey: aKey({ controlType: 'SELECT', config: '{"descreteValues":true}' }),
      options: colours().reverse(),
      onChange: (value) => changes.push(value),
    })
    await user.click(screen.getByRole('combobox', { name: 'Which colour?' }))
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Red', 'Green', 'Blue'])
    await user.click(screen.getByRole('option', { name: 'Blue' }))
    expect(changes).toEqual(['blue'])
  })

  it('RADIO is horizontal or vertical, with option images', async () => {
    const { user } = renderPreview({
      attributeKey: aKey({
        controlType: 'RADIO',
        config: '{"descreteValues":true,"inputOrientation":"Vertical"}',
      }),
      options: colours(),
    })
    const radios = within(screen.getByRole('radiogroup', { name: 'Which colour?' })).getAllByRole(
      'radio',
    )
    expect(radios).toHaveLength(3)
    await user.click(radios[1] as HTMLElement)
    expect(radios[1]).toBeChecked()
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Red' })).toHaveAttribute(
        'src',
        '/signed/attributes/red',
      ),
    )
    expect(screen.getByRole('img', { name: 'Red' }).style.maxHeight).toBe('125px')
    const column = screen.getByRole('radiogroup').firstElementChild as HTMLElement
    expect(column.className).toMatch(/rt-r-fd-column/)
  })

  it('CHECKBOX and SWITCH store true and false', async () => {
    const changes: string[] = []
    const { user, unmount } = renderPreview({
      attributeKey: aKey({
        type: 'BOOLEAN',
        controlType: 'CHECKBOX',
        config: '{"descreteValues":true}',
      }),
      options: [],
      onChange: (value) => changes.push(value),
    })
    await user.click(screen.getByRole('checkbox', { name: 'Which colour?' }))
    await user.click(screen.getByRole('checkbox', { name: 'Which colour?' }))
    unmount()
    const second = renderPreview({
      attributeKey: aKey({
        type: 'BOOLEAN',
        controlType: 'SWITCH',
        config: '{"descreteValues":true}',
      }),
      options: [],
      value: 'true',
      onChange: (value) => changes.push(value),
    })
    expect(screen.getByRole('switch', { name: 'Which colour?' })).toBeChecked()
    await second.user.click(screen.getByRole('switch', { name: 'Which colour?' }))
    expect(changes).toEqual(['true', 'false', 'false'])
  })

  it('CHECKBOX_MULTI joins the ticked values with ;', async () => {
    const changes: string[] = []
    const { user } = renderPreview({
      attributeKey: aKey({ controlType: 'CHECKBOX_MULTI', config: '{"descreteValues":true}' }),
      options: colours(),
      onChange: (value) => changes.push(value),
    })
    await user.click(screen.getByRole('checkbox', { name: 'Green' }))
    await user.click(screen.getByRole('checkbox', { name: /Red/ }))
    expect(changes.at(-1)).toBe('green;red')
  })

  it('CHECKBOX_MULTI_DROPDOWN ticks several in a 500 px menu that stays open', async () => {
    const { user } = renderPreview({
      attributeKey: aKey({
        controlType: 'CHECKBOX_MULTI_DROPDOWN',
        config: '{"descreteValues":true}',
      }),
      options: colours(),
      value: 'blue',
    })
    const trigger = screen.getByRole('button', { name: 'Which colour?' })
    expect(trigger).toHaveAccessibleDescription('Blue')
    await user.click(trigger)
    const menu = await screen.findByRole('menu')
    expect(menu.style.width).toBe('500px')
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Blue' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Red' }))
    expect(screen.getByRole('menu')).toBeVisible()
  })

  it('AUTOCOMPLETE filters by typing and picks with the keyboard', async () => {
    const changes: string[] = []
    const { user } = renderPreview({
      attributeKey: aKey({ controlType: 'AUTOCOMPLETE', config: '{"descreteValues":true}' }),
      options: colours(),
      onChange: (value) => changes.push(value),
    })
    const box = screen.getByRole('combobox', { name: 'Which colour?' })
    await user.type(box, 'gr')
    const list = screen.getByRole('listbox', { name: 'Which colour?' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Green'])
    await user.keyboard('{Enter}')
    expect(changes).toEqual(['green'])
    expect(box).toHaveValue('Green')
  })

  it('AUTOCOMPLETE_MULTI keeps several, each removable', async () => {
    const { user } = renderPreview({
      attributeKey: aKey({ controlType: 'AUTOCOMPLETE_MULTI', config: '{"descreteValues":true}' }),
      options: colours(),
    })
    const box = screen.getByRole('combobox', { name: 'Which colour?' })
    await user.click(box)
    await user.keyboard('{Enter}')
    await user.type(box, 'bl{Enter}')
    const chosen = screen.getByRole('list', { name: 'Chosen values' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Red', 'Blue'])
    await user.click(screen.getByRole('button', { name: 'Remove Red' }))
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Blue'])
  })

  it('SLIDER and a generated list come from min, max and step', () => {
    renderPreview({
      attributeKey: aKey({
        type: 'INTEGER',
        controlType: 'SLIDER',
        config: '{"min":2,"max":10,"step":2,"unit":"kg"}',
      }),
      options: [],
      value: '4',
    })
    const slider = screen.getByRole('slider', { name: 'Which colour?' })
    expect(slider).toHaveAttribute('aria-valuemin', '2')
    expect(slider).toHaveAttribute('aria-valuemax', '10')
    expect(slider).toHaveAttribute('aria-valuenow', '4')
    expect(screen.getByText('4 kg')).toBeVisible()
  })

  it('a numeric freeform RADIO offers the generated values', () => {
    renderPreview({
      attributeKey: aKey({
        type: 'INTEGER',
        controlType: 'RADIO',
        config: '{"min":1,"max":3,"step":1}',
      }),
      options: [anOption('ignored', '99')],
    })
    const radios = within(screen.getByRole('radiogroup')).getAllByRole('radio')
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['1', '2', '3'])
  })

  it('shows the main image at most 300x250 and leaves out one that cannot be had', async () => {
    const { unmount } = renderPreview({
      attributeKey: aKey({ imagePath: 'attributes/main' }),
      options: [],
    })
    const image = await screen.findByRole('img', { name: 'Colour image' })
    expect(image).toHaveAttribute('src', '/signed/attributes/main')
    expect(image.style.maxWidth).toBe('min(300px, 100%)')
    expect(image.style.maxHeight).toBe('250px')
    unmount()
    renderPreview({ attributeKey: aKey({ imagePath: 'attributes/broken' }), options: [] })
    await waitFor(() => expect(screen.queryByTestId('image-loading')).toBeNull())
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('follows a controlled value', async () => {
    function Owner() {
      const [value, setValue] = useState('red;blue')
      return (
        <Theme>
          <AttributePreview
            attributeKey={aKey({
              controlType: 'CHECKBOX_MULTI',
              config: '{"descreteValues":true}',
            })}
            options={colours()}
            value={value}
            onChange={setValue}
          />
          <output>{value}</output>
        </Theme>
      )
    }
    render(
      <WithSession session={testSession()} provide={[signedImages]}>
        <Owner />
      </WithSession>,
    )
    const user = userEvent.setup()
    expect(screen.getByRole('checkbox', { name: /Red/ })).toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }))
    expect(screen.getByRole('status')).toHaveTextContent(/^red$/)
  })
})
