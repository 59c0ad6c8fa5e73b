import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from '#app/lib/hydrate-on-intent.ts'

// React renders attributes in prop order, and React Router's <Scripts> puts the nonce before
// `type`, so the patterns allow other attributes in front. The tags are React's own output:
// `type="module"` and `rel="modulepreload"` appear nowhere else in the app's HTML.
const MODULE_SCRIPT = /<script\b([^>]*?)\btype="module"/g
const MODULE_PRELOAD = /<link\b([^>]*?)\brel="modulepreload"/g

export function deferModuleTags(html: string): string {
  return html
    .replace(MODULE_SCRIPT, `<script$1type="${DEFERRED_MODULE_TYPE}"`)
    .replace(MODULE_PRELOAD, `<link$1rel="${DEFERRED_PRELOAD_REL}"`)
}

/**
 * The HTML stream with React Router's module script and preloads made inert, so a first load
 * downloads no JavaScript (lib/hydrate-on-intent.ts brings them to life). A chunk may end inside
 * a tag or inside a character; both wait for the next chunk, so a pattern is never split.
 */
export function deferAppScripts(): Transform {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk)
      const open = text.lastIndexOf('<')
      const cut = open > text.lastIndexOf('>') ? open : text.length
      pending = text.slice(cut)
      callback(null, deferModuleTags(text.slice(0, cut)))
    },
    flush(callback) {
      callback(null, deferModuleTags(pending + decoder.end()))
    },
  })
}
