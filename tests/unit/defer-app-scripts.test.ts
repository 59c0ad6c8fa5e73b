import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { deferAppScripts, deferModuleTags } from '#app/http/defer-app-scripts.server.ts'
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from '#app/lib/hydrate-on-intent.ts'

// The shape React renders for React Router's <Scripts>: preloads (hoisted into <head>), the
// context script, the module script with the nonce first.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/root-D.js" nonce="n0"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
  '<body><main><p>Prix : 450 000 € — Café “Ölberg”</p><a href="/properties">type="module"</a></main>' +
  '<script nonce="n0">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-B.js");</script>' +
  '<script nonce="n0">(function(){})()</script></body></html>'

const EXPECTED = PAGE.replaceAll('rel="modulepreload"', `rel="${DEFERRED_PRELOAD_REL}"`).replace(
  '<script nonce="n0" type="module"',
  `<script nonce="n0" type="${DEFERRED_MODULE_TYPE}"`,
)

function streamIn(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(deferAppScripts()))
}

describe('React Router’s module script and preloads leave the server inert', () => {
  it('rewrites only the module script and the module preloads; text that reads the same is left', () => {
    const out = deferModuleTags(PAGE)
    expect(out).toBe(EXPECTED)
    expect(out).toContain('<a href="/properties">type="module"</a>')
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
    expect(out).not.toMatch(/type="module"\s|rel="modulepreload"/)
  })

  it('gives the same page whichever byte the stream’s chunks are cut at, inside tags and inside characters', async () => {
    const bytes = Buffer.from(PAGE, 'utf8')
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await streamIn([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(EXPECTED)
    }
  })

  it('survives a stream of single bytes', async () => {
    const bytes = Buffer.from(PAGE, 'utf8')
    const singles = [...bytes].map((byte) => Buffer.from([byte]))
    expect(await streamIn(singles)).toBe(EXPECTED)
  })
})
