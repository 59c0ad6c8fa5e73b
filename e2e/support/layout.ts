import { expect, type Page } from '@playwright/test'

export const PHONE_WIDTH = 375
export const DESKTOP_WIDTH = 1280

/**
 * Text a person might paste: one word of `length` letters, no space or hyphen to break at, and
 * starting with `label` so a failure says which field it came from.
 */
export function unbroken(label: string, length = 1000): string {
  const word = label.replace(/[^A-Za-z]/g, '')
  return (word + 'W'.repeat(length)).slice(0, length)
}

/**
 * The page is exactly as wide as its viewport: nothing pushes it wider. On failure the message
 * names the elements that reach past the right edge.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const layout = await page.evaluate(() => {
    const root = document.documentElement
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(-3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`)
    return { documentWidth: root.scrollWidth, viewportWidth: root.clientWidth, offenders }
  })
  expect(layout.documentWidth, `${what} is wider than the viewport: ${layout.offenders.join(', ')}`).toBe(layout.viewportWidth)
}

/** Opens each path at phone and desktop width and checks that none scrolls sideways. */
export async function expectPagesFitWidths(page: Page, paths: string[]) {
  for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of paths) {
      const response = await page.goto(path)
      expect(response?.status(), `${path} answers`).toBe(200)
      await expectNoSidewaysScroll(page, `${path} at ${width} px`)
    }
  }
}
