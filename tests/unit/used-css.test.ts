import { describe, expect, it } from 'vitest'
import { withOnlyUsedInlineCss } from '#app/lib/used-css.server.ts'

const CSS = [
  '@layer base{*,:before{box-sizing:border-box}textarea{resize:vertical}h1{font-weight:600}}',
  '@layer theme{:root{--color-ink:#111;--color-danger:#b91c1c}}',
  '@layer utilities{.flex{display:flex;color:var(--color-ink)}.object-cover{object-fit:cover}.grid{display:grid}.aspect-\\[3\\/2\\]{aspect-ratio:3/2}',
  '.hover\\:underline:hover{text-decoration:underline}.bg-white\\/15{background-color:#ffffff26;background-color:lab(100% 0 0/.15)}',
  '@media (min-width:64rem){.lg\\:grid-cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}}',
  '@media (min-width:40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}}}',
  '[data-toast]{animation:none}[data-theme=dark]{color-scheme:dark}',
].join('')

const page = (body: string) =>
  `<!DOCTYPE html><html data-theme="dark"><head><style>${CSS}</style></head><body>${body}</body></html>`

const styleOf = (html: string) => /<style>([\s\S]*)<\/style>/.exec(html)![1]!

describe('withOnlyUsedInlineCss', () => {
  it("keeps the rules of the page's classes, variants, attributes and elements, and drops the rest", () => {
    const html = withOnlyUsedInlineCss(
      page('<h1 class="flex hover:underline aspect-[3/2] sm:grid-cols-3 bg-white/15 object-cover">Sea view flat</h1>'),
    )
    const css = styleOf(html)
    for (const kept of ['.object-cover{object-fit:cover}', '--color-ink:#111', '.flex{', '.hover\\:underline:hover', '.aspect-\\[3\\/2\\]', '.sm\\:grid-cols-3', 'h1{', '[data-theme=dark]', '*,:before'])
      expect(css).toContain(kept)
    for (const dropped of ['--color-danger', '.grid{', 'lg\\:grid-cols-4', 'textarea', '[data-toast]']) expect(css).not.toContain(dropped)
    // A media query left empty goes too; the older browsers' fallbacks stay.
    expect(css).not.toContain('64rem')
    expect(css).toContain('min-width:40rem')
    expect(css).toContain('#ffffff26')
    // The document around the stylesheet is untouched.
    expect(html.replace(css, '')).toBe(page('<h1 class="flex hover:underline aspect-[3/2] sm:grid-cols-3 bg-white/15 object-cover">Sea view flat</h1>').replace(CSS, ''))
  })

  it('keeps a rule whose attribute the page carries, and answers a page without a stylesheet unchanged', () => {
    expect(styleOf(withOnlyUsedInlineCss(page('<p data-toast="">Saved</p>')))).toContain('[data-toast]')
    const plain = '<!DOCTYPE html><html><body><p class="flex">x</p></body></html>'
    expect(withOnlyUsedInlineCss(plain)).toBe(plain)
  })
})
