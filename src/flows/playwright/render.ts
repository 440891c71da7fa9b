import type { Action, Check, Target, Value } from './screenScript'

/** A string literal in single quotes, as Prettier writes them. */
export const quote = (text: string) =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`

/** A value as an expression of the spec: a literal, the run's account, or what the spec made. */
export function valueCode(value: Value): string {
  if ('text' in value) return quote(value.text)
  if ('env' in value) return `gatehouse.${value.env}`
  if ('unique' in value) return `unique(${quote(value.unique)})`
  return value.made
}

const nameCode = (name: string | Value) =>
  typeof name === 'string' ? quote(name) : valueCode(name)

/** A locator: `page.getByRole('button', { name: 'Login' })`, scoped by `in`. */
export function targetCode(target: Target): string {
  const scope = target.in ? targetCode(target.in) : 'page'
  const exact = target.exact ? ', exact: true' : ''
  if ('role' in target) {
    const options = target.name !== undefined ? `, { name: ${nameCode(target.name)}${exact} }` : ''
    return `${scope}.getByRole('${target.role}'${options})`
  }
  if ('label' in target)
    return `${scope}.getByLabel(${quote(target.label)}${target.exact ? ', { exact: true }' : ''})`
  return `${scope}.getByText(${nameCode(target.text)}${target.exact ? ', { exact: true }' : ''})`
}

export function actionCode(action: Action): string {
  if ('fill' in action) return `await ${targetCode(action.fill)}.fill(${valueCode(action.value)})`
  if ('click' in action) return `await ${targetCode(action.click)}.click()`
  if ('check' in action) return `await ${targetCode(action.check)}.check()`
  if ('uncheck' in action) return `await ${targetCode(action.uncheck)}.uncheck()`
  if ('choose' in action)
    return `await ${targetCode(action.choose)}.click()\nawait page.getByRole('option', { name: ${quote(action.option)}, exact: true }).click()`
  return action.on
    ? `await ${targetCode(action.on)}.press(${quote(action.press)})`
    : `await page.keyboard.press(${quote(action.press)})`
}

export function checkCode(check: Check): string {
  if ('visible' in check) return `await expect(${targetCode(check.visible)}).toBeVisible()`
  if ('hidden' in check) return `await expect(${targetCode(check.hidden)}).toBeHidden()`
  if ('enabled' in check) return `await expect(${targetCode(check.enabled)}).toBeEnabled()`
  if ('disabled' in check) return `await expect(${targetCode(check.disabled)}).toBeDisabled()`
  if ('value' in check)
    return `await expect(${targetCode(check.value)}).toHaveValue(${valueCode(check.is)})`
  if ('text' in check)
    return `await expect(${targetCode(check.text)}).toHaveText(${nameCode(check.is)})`
  return `await expect(page).toHaveURL(new RegExp(${quote(check.url)}))`
}
