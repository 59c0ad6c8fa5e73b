// App JavaScript: the gzipped bytes of the JS a first load of /home and of /properties
// downloads — every /assets/*.js the HTML names (modulepreload links, script src, the inline
// module script's imports), gzipped from build/client (level 6, as the compression middleware
// sends it), summed. Goal ≤ 100 kB (100,000 bytes).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { getPage, signInAs } from '../http.mjs'
import { BROKER } from '../seed.mjs'
import { ROOT } from '../util.mjs'

const PAGES = ['/home', '/properties']
const GOAL_BYTES = 100_000

export async function benchJs(ctx) {
  const target = await ctx.target(ctx.targetNames[0])
  const jar = await signInAs(target.appUrl, BROKER.email)
  const results = []
  for (const pathname of PAGES) {
    const { html } = await getPage(target.appUrl, pathname, jar)
    const files = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
    let gzipBytes = 0
    let rawBytes = 0
    for (const file of files) {
      const content = readFileSync(path.join(ROOT, 'build/client', file))
      rawBytes += content.length
      gzipBytes += gzipSync(content, { level: 6 }).length
    }
    results.push({ path: pathname, files: files.length, rawBytes, gzipBytes })
    ctx.log(`js: ${pathname} loads ${files.length} JS files, ${(rawBytes / 1000).toFixed(1)} kB raw, ${(gzipBytes / 1000).toFixed(1)} kB gzip`)
    ctx.summary({
      section: 'js',
      metric: `${pathname} first-load JS gzip (${files.length} files)`,
      value: Math.round(gzipBytes / 100) / 10,
      reference: null,
      ratio: null,
      goal: { atMost: GOAL_BYTES / 1000 },
      unit: 'kB',
    })
  }
  return results
}
