// Share pages against the framework ceiling: /preview/{token} and /client-listing/{token}
// (20 photos each) as a returning client's phone asks for them (anonymous, visitor cookie set),
// A/B interleaved with the bare React Router page, three repetitions, medians.
// Ratio = share req/s ÷ ceiling req/s; goal ≥ 1.0×.
// And the page's cover photo (its 640w file, at the address the page gives) against the very
// same bytes as a static file of the ceiling server (sirv behind compression, as server.mjs
// serves the app's own static files). Ratio = photo req/s ÷ static req/s; goal ≥ 0.8×.
import { ceilingPhotoPath } from '../ceiling.mjs'
import { abTest, getPage } from '../http.mjs'
import { SHARE_PATHS } from '../seed.mjs'
import { CookieJar, gzipTransferSize, ratio, round } from '../util.mjs'

export async function benchShare(ctx) {
  const ceiling = await ctx.ceiling()
  const results = []
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    for (const [kind, pathname] of Object.entries(SHARE_PATHS)) {
      // The first view counts and sets the visitor cookie; the measured requests are the returning visitor's.
      const jar = new CookieJar()
      const { html } = await getPage(target.appUrl, pathname, jar)
      if (!jar.has('bv_visitor')) throw new Error(`GET ${pathname} set no visitor cookie: every measured request would count as a new visitor`)
      const photos = new Set(html.match(/\/media\/[0-9a-f-]{36}\//g)).size
      if (photos !== 20) throw new Error(`GET ${pathname} shows ${photos} photos, expected 20`)
      const sizes = await sharePageSizes(target.appUrl, pathname, html, jar)
      if (name === ctx.targetNames[0]) {
        // The means of the phone goal (FCP): the page's own CSS inline, at most 6 KB, nothing render-blocking.
        const page = pathname.split('/')[1]
        ctx.summary({
          section: 'share',
          metric: `${page} inline CSS (and no stylesheet link: ${sizes.stylesheets})`,
          value: round(sizes.inlineStyleBytes / 1000, 1),
          reference: null,
          ratio: null,
          goal: { atMost: 6 },
          also: sizes.stylesheets === 0 && sizes.inlineStyleBytes > 0,
          unit: 'kB',
        })
        ctx.summary({ section: 'share', metric: `${page} linked CSS, gzip`, value: round(sizes.cssGzip / 1000, 1), reference: null, ratio: null, goal: null, unit: 'kB' })
        ctx.summary({ section: 'share', metric: `${page} HTML, gzip${sizes.hasScript ? ' (ships a <script>!)' : ''}`, value: round(sizes.htmlGzip / 1000, 1), reference: null, ratio: null, goal: null, unit: 'kB' })
      }
      if (kind === 'property') results.push(...(await benchSharePhoto(ctx, { ceiling, target, name, html, jar })))
      for (const connections of ctx.shareConnections) {
        ctx.log(`share: ${name} ${pathname} vs ceiling, ${connections} connections`)
        const { a, b } = await abTest(
          { label: 'ceiling', url: ceiling.url },
          { label: pathname, url: `${target.appUrl}${pathname}`, cookie: jar.header },
          { seconds: ctx.seconds, connections, log: ctx.log },
        )
        const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
        results.push({ target: name, kind, path: pathname, connections, ceiling: a, share: b, ratio: r, sizes })
        ctx.summary({
          section: 'share',
          metric: `${pathname.split('/')[1]} req/s, ${connections} conn (${name})`,
          value: b.requestsPerSecond,
          reference: a.requestsPerSecond,
          ratio: r,
          goal: connections === 10 ? { atLeast: 1.0 } : null,
          unit: 'req/s',
        })
      }
    }
  }
  return results
}

/** gzip bytes of the HTML and its stylesheets, and whether it ships a script (it should not). */
async function sharePageSizes(appUrl, pathname, html, jar) {
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
    .filter(Boolean)
  const htmlGzip = await gzipTransferSize(`${appUrl}${pathname}`, jar.header)
  let cssGzip = 0
  for (const href of stylesheets) cssGzip += await gzipTransferSize(`${appUrl}${href}`)
  const inlineStyleBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0)
  return { htmlGzip, cssGzip, totalGzip: htmlGzip + cssGzip, stylesheets: stylesheets.length, inlineStyleBytes, hasScript: html.includes('<script') }
}

/**
 * The cover's 640w file as the share page links it, against the same bytes served statically.
 * The seed gives the cover (position 0) photo set 0; the bytes are compared before measuring.
 */
async function benchSharePhoto(ctx, { ceiling, target, name, html, jar }) {
  const photoPath = /\/media\/[0-9a-f-]{36}\/medium\/[\w-]+\.webp/.exec(html)?.[0]
  if (!photoPath) throw new Error('the share page links no tagged 640w photo (/media/{id}/medium/{tag}.webp)')
  const staticUrl = new URL(ceilingPhotoPath(0, 640), ceiling.url).href
  const photoUrl = `${target.appUrl}${photoPath}`
  const [photo, file] = await Promise.all([fetch(photoUrl, { headers: { cookie: jar.header } }), fetch(staticUrl)])
  const [photoBytes, fileBytes] = await Promise.all([photo.arrayBuffer(), file.arrayBuffer()])
  if (photo.status !== 200 || file.status !== 200 || !Buffer.from(photoBytes).equals(Buffer.from(fileBytes))) {
    throw new Error(`${photoPath} (HTTP ${photo.status}, ${photoBytes.byteLength} B) is not the static file's bytes (HTTP ${file.status}, ${fileBytes.byteLength} B)`)
  }
  ctx.log(`share: ${name} photo ${photoPath}: ${photo.headers.get('cache-control')}; ${photoBytes.byteLength} B`)
  const results = []
  for (const connections of ctx.shareConnections) {
    ctx.log(`share: ${name} cover photo vs the same bytes as a static file, ${connections} connections`)
    const { a, b } = await abTest(
      { label: 'static file', url: staticUrl },
      { label: 'share photo', url: photoUrl, cookie: jar.header },
      { seconds: ctx.seconds, connections, log: ctx.log },
    )
    const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
    results.push({ target: name, kind: 'photo', path: photoPath, connections, static: a, photo: b, ratio: r, cacheControl: photo.headers.get('cache-control') })
    ctx.summary({
      section: 'share',
      metric: `photo req/s, 640w ${round(photoBytes.byteLength / 1000, 1)} kB, ${connections} conn (${name})`,
      value: b.requestsPerSecond,
      reference: a.requestsPerSecond,
      ratio: r,
      goal: connections === 10 ? { atLeast: 0.8 } : null,
      unit: 'req/s',
    })
  }
  return results
}
