import { createHash } from 'node:crypto'
import type * as LightningCss from 'lightningcss'
import type { Selector } from 'lightningcss'
import { lazyModule } from './lazy-module.server.ts'

/*
 * A page's inline stylesheet cut down to the rules the page uses. The share pages inline their
 * CSS (no stylesheet request before the first paint on a slow phone) and pay for every byte of
 * it in the first round trips; a rule for a class, attribute or element the page does not
 * contain is dead weight there.
 */

const lightningcss = lazyModule<typeof LightningCss>('lightningcss')

// The browsers Tailwind's own output is written for (its fallbacks for lab() colours and
// min-width media queries stay), not whatever the minifier would assume without targets.
const TARGETS = { chrome: 99 << 16, safari: (15 << 16) | (4 << 8), firefox: 97 << 16 }

type Used = { classes: Set<string>; attributes: Set<string>; elements: Set<string>; variables: Set<string> }

const variablesRead = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].map(([, name]) => name!)

function usedBy(html: string): Used {
  const classes = new Set<string>()
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of value!.split(/\s+/)) if (name) classes.add(name)
  const attributes = new Set([...html.matchAll(/\s([a-zA-Z][\w:-]*)(?==|[\s/>])/g)].map(([, name]) => name!.toLowerCase()))
  const elements = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map(([, name]) => name!.toLowerCase()))
  // Inline styles may read a custom property too.
  return { classes, attributes, elements, variables: new Set(variablesRead(html)) }
}

/** A selector the page can match: every class, attribute and element it names is in the page. */
function matchable(selector: Selector, used: Used): boolean {
  return selector.every((component) => {
    if (component.type === 'class') return used.classes.has(component.name)
    if (component.type === 'attribute') return used.attributes.has(component.name.toLowerCase())
    if (component.type === 'type') return used.elements.has(component.name.toLowerCase())
    // html:has([data-toast]) needs a toast; :not(…) can match whatever it names.
    if (component.type === 'pseudo-class' && (component.kind === 'has' || component.kind === 'is' || component.kind === 'where')) {
      return component.selectors.some((inner) => matchable(inner, used))
    }
    return true
  })
}

function prune(css: string, used: Used): string {
  const rulesUsed = dropRules(css, used)
  // Custom properties nobody reads (a palette colour the page never shows) and keyframes no
  // animation names, once the rules that used them are gone.
  const read = new Set([...variablesRead(rulesUsed), ...used.variables])
  const { code } = lightningcss().transform({
    filename: 'inline.css',
    code: Buffer.from(rulesUsed),
    minify: true,
    targets: TARGETS,
    // lightningcss hands properties it has no type for (object-fit) to `custom` as well.
    visitor: { Declaration: { custom: ({ name }) => (!name.startsWith('--') || read.has(name) ? undefined : []) } },
  })
  let pruned = code.toString()
  // Registered properties nobody reads.
  for (const [rule, name] of pruned.matchAll(/@property (--[\w-]+)\{[^{}]*\}/g)) if (!read.has(name!)) pruned = pruned.replace(rule, '')
  // lightningcss writes these beside `color-scheme` for its light-dark() fallback, which this
  // CSS never uses.
  if (!pruned.includes('var(--lightningcss-')) pruned = pruned.replaceAll('--lightningcss-light: ;--lightningcss-dark:initial;', '')
  for (const [block, name] of pruned.matchAll(/@keyframes ([\w-]+)\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g)) {
    if (!pruned.replace(block, '').includes(name!)) pruned = pruned.replace(block, '')
  }
  return pruned
}

function dropRules(css: string, used: Used): string {
  const { code } = lightningcss().transform({
    filename: 'inline.css',
    code: Buffer.from(css),
    minify: true,
    targets: TARGETS,
    visitor: {
      Rule: {
        // A rule goes when none of its selectors can match. A rule is never edited: lightningcss
        // 1.33 cannot read back every selector it hands out (Tailwind's escaped class names).
        style: (rule) => (rule.value.selectors.some((selector) => matchable(selector, used)) ? undefined : []),
      },
    },
  })
  // Media queries whose every rule went.
  return code.toString().replace(/@media[^{}]*\{\}/g, '')
}

const MEMO_MAX = 64
const memo = new Map<string, string>()

/** The first <style> of an HTML document, holding only the rules the document can use. */
export function withOnlyUsedInlineCss(html: string): string {
  const start = html.indexOf('<style')
  const open = html.indexOf('>', start) + 1
  const close = html.indexOf('</style>', open)
  if (start < 0 || open <= 0 || close < 0) return html
  const css = html.slice(open, close)
  const rest = html.slice(0, start) + html.slice(close)
  const used = usedBy(rest)
  // Pages of one kind use the same few sets of classes: each set is cut once.
  const key = createHash('sha256')
    .update(css)
    .update([...used.classes].sort().join(' '))
    .update([...used.attributes].sort().join(' '))
    .update([...used.elements].sort().join(' '))
    .update([...used.variables].sort().join(' '))
    .digest('base64url')
  let pruned = memo.get(key)
  if (pruned === undefined) {
    pruned = prune(css, used)
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!)
    memo.set(key, pruned)
  }
  return html.slice(0, open) + pruned + html.slice(close)
}
