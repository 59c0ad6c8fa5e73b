import { expect, type Locator, type Page } from '@playwright/test'
import type { z } from 'zod'

/** A form found by its submit button's name, also when it waits inside a closed <details>. */
export function formBySubmitButton(page: Page, buttonName: string): Locator {
  return page.locator('form').filter({ has: page.getByRole('button', { name: buttonName, exact: true, includeHidden: true }) })
}

/**
 * The controls of a form a person fills in (inputs, selects, textareas; not hidden inputs or
 * buttons), by name, each with whether the browser insists on it (`required`). A checkbox group
 * shares one name: it counts as required when any of its boxes is.
 */
export async function renderedControls(form: Locator): Promise<Map<string, boolean>> {
  const controls = await form.evaluate((element: HTMLFormElement) =>
    [...element.elements]
      .filter(
        (control): control is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
          (control instanceof HTMLInputElement && !['hidden', 'submit', 'button', 'reset', 'image'].includes(control.type)) ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement,
      )
      // The honeypot is for bots: no person fills it, and it never is required.
      .filter((control) => control.name && control.name !== 'website')
      .map((control) => [control.name, control.required] as const),
  )
  const byName = new Map<string, boolean>()
  for (const [name, required] of controls) byName.set(name, (byName.get(name) ?? false) || required)
  return byName
}

/** The names of every field the form sends, hidden ones included. */
export async function sentNames(form: Locator): Promise<Set<string>> {
  return new Set(await form.evaluate((element: HTMLFormElement) => [...new FormData(element).keys()]))
}

/**
 * The fields a schema refuses when they are left out: exactly what a browser may insist on.
 * Cross-field rules (a rent period when the purpose is rent) are the server's to report.
 */
export function schemaRequiredFields(schema: z.ZodType): Set<string> {
  const result = schema.safeParse({})
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])))
}

/**
 * A form's `required` attributes match its schema: a visible control is required exactly when
 * the schema refuses the form without it, and every field the schema insists on is sent
 * (visible, or hidden with its fixed value).
 */
export async function expectRequiredToMatchSchema(form: Locator, schema: z.ZodType, what: string) {
  await expect(form, what).toHaveCount(1)
  const controls = await renderedControls(form)
  const required = schemaRequiredFields(schema)
  const rendered = [...controls].filter(([, isRequired]) => isRequired).map(([name]) => name).sort()
  const expected = [...controls.keys()].filter((name) => required.has(name)).sort()
  expect(rendered, `${what}: the fields marked required`).toEqual(expected)
  const sent = await sentNames(form)
  const missing = [...required].filter((name) => !controls.has(name) && !sent.has(name))
  expect(missing, `${what}: required by the schema but not in the form`).toEqual([])
}
