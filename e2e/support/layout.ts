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

/**
 * The interface's own words: a label, badge, button, link, navigation item or heading never
 * breaks inside a word, and badges, navigation items and buttons keep their label on one line.
 * User text may wrap anywhere (base.css); these may not. Returns what is wrong, one line each
 * ("Activ|e" in <span data-badge>), so a failure names every offender at once.
 */
export async function brokenInterfaceWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const WHOLE_WORDS = 'a, button, label, legend, summary, th, h1, h2, h3, h4, h5, h6, nav, [data-badge]'
    const ONE_LINE = 'button, nav a, [data-badge]'
    type Box = { top: number; bottom: number }
    /** How many lines the boxes sit on: a box starts a new line when it is below the last one. */
    const lines = (rects: DOMRectList | DOMRect[]) => {
      const boxes: Box[] = [...rects].filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top)
      let count = 0
      let bottom = -Infinity
      for (const box of boxes) {
        if (box.top >= bottom - 2) {
          count += 1
          bottom = box.bottom
        } else {
          bottom = Math.max(bottom, box.bottom)
        }
      }
      return count
    }
    const visibleText = (root: Element) => {
      const nodes: Text[] = []
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!node.textContent?.trim() || !parent || parent.closest('.sr-only, .honeypot, [hidden], script, style, template')) continue
        nodes.push(node as Text)
      }
      return nodes
    }
    const describe = (element: Element) => {
      const attrs = ['data-badge', 'aria-label'].filter((a) => element.hasAttribute(a)).map((a) => ` ${a}`).join('')
      return `<${element.tagName.toLowerCase()}${attrs}> "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`
    }
    const problems: string[] = []
    const seen = new Set<Text>()
    for (const element of document.querySelectorAll(WHOLE_WORDS)) {
      for (const node of visibleText(element)) {
        if (seen.has(node)) continue
        seen.add(node)
        // A word longer than 40 letters is pasted user text (a link, the long-text tests' words):
        // breaking it is right. No word of the interface comes near that.
        for (const match of node.data.matchAll(/[^\s\-‐–—/·,()]+/g)) {
          if (match[0].length > 40) continue
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const rects = [...range.getClientRects()]
          if (lines(rects) > 1) {
            const cut = rects.filter((r) => r.width > 0)
            problems.push(`"${match[0]}" breaks over ${cut.length} lines in ${describe(element)}`)
          }
        }
      }
    }
    for (const element of document.querySelectorAll(ONE_LINE)) {
      const rects = visibleText(element).flatMap((node) => {
        const range = document.createRange()
        range.selectNodeContents(node)
        return [...range.getClientRects()]
      })
      const count = lines(rects)
      if (count > 1) problems.push(`${describe(element)} takes ${count} lines`)
    }
    return problems
  })
}

/** Opens each path at phone and desktop width: no word of the interface breaks, no sideways scroll. */
export async function expectWholeInterfaceWords(page: Page, paths: string[]) {
  for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of paths) {
      const response = await page.goto(path)
      expect(response?.status(), `${path} answers`).toBeLessThan(400)
      expect.soft(await brokenInterfaceWords(page), `${path} at ${width} px`).toEqual([])
      await expectNoSidewaysScroll(page, `${path} at ${width} px`)
    }
  }
}
