// The phone probe's reference: a static, zero-JS copy of a share page, hand-minimal — what the
// page should cost. Same title, text and photos (the same files, read once from the app server
// and served from the copy's own origin as static files), one inline <style> of about 2 KB,
// the main photo by srcset at 100vw, the others as lazy thumbnails sized for a two-column grid.
// Served gzipped by a tiny node:http server.
import http from 'node:http'
import { gzipSync } from 'node:zlib'
import { photoVariantWidths } from './seed.mjs'

// About 2 KB: what a one-column phone page with a two-column photo grid needs, nothing more.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;background:#fafaf9}
main{max-width:48rem;margin:0 auto;padding:0 0 2rem}
.hero{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;background:#e7e5e4;margin-bottom:.5rem}
.body{padding:1rem}
h1{margin:0 0 .25rem;font-size:1.5rem;line-height:1.25;font-weight:700;letter-spacing:-.01em}
h2{margin:1.5rem 0 .5rem;font-size:1.125rem;line-height:1.4;font-weight:600}
p{margin:0 0 .75rem}
.price{font-size:1.25rem;font-weight:600;color:#0f766e}
.muted{color:#57534e;font-size:.875rem}
.facts{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem;padding:0;list-style:none}
.facts li{padding:.25rem .625rem;border:1px solid #d6d3d1;border-radius:999px;font-size:.875rem;background:#fff}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.5rem;margin:0;padding:0 1rem;list-style:none}
.grid img{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:.375rem;background:#e7e5e4}
@media (min-width:40rem){.grid{grid-template-columns:repeat(3,minmax(0,1fr))}.body{padding:1.5rem}h1{font-size:1.875rem}}
a{color:#0f766e;text-underline-offset:2px}
footer{margin:2rem 1rem 0;padding-top:1rem;border-top:1px solid #e7e5e4;color:#57534e;font-size:.875rem}
@media print{.grid{grid-template-columns:repeat(3,1fr)}}
`.trim()

const BLOCK_TAGS = /<\/?(?:h[1-6]|p|li|dt|dd|div|section|article|header|footer|main|ul|ol|dl|br|figcaption|table|tr|td|th)\b[^>]*>/gi

const GALLERY = '\u0000gallery\u0000'

/**
 * Title, headline, text blocks in page order (the gallery's place marked where the page shows
 * its first photo) and photo ids. Scripts, styles, SVG, forms (the client's feedback form) and
 * the gallery's hidden photo viewers are left out: the copy is the page to read.
 */
export function extractSharePage(html) {
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? 'Shared listing')
  let galleryPlaced = false
  const body = (/<body\b[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html)
    // The gallery's full-size viewers (<figure>, hidden until opened) are not on the first screen either.
    .replace(/<(script|style|svg|form|noscript|template|dialog|figure)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<a\b[^>]*href="#[^"]*"[^>]*>\s*Skip to content\s*<\/a>/gi, ' ')
    .replace(/<img\b[^>]*>/gi, (img) => {
      if (galleryPlaced || !img.includes('/media/')) return ' '
      galleryPlaced = true
      return `<p>${GALLERY}</p>`
    })
  const h1 = decode(stripTags(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1] ?? title))
  const blocks = body
    .split(BLOCK_TAGS)
    .map((chunk) => (chunk.includes(GALLERY) ? GALLERY : decode(stripTags(chunk))))
    .filter(Boolean)
  const photoIds = [...new Set([...html.matchAll(/\/media\/([0-9a-f-]{36})\//g)].map((m) => m[1]))]
  return { title, h1, blocks, photoIds }
}

const stripTags = (s) => s.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const decode = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim()

/**
 * The variants to offer: every width the app encodes, by name. `thumbVariant` is the smallest,
 * which the grid is sized for (320w when the app has it; say so when it does not).
 */
export function variantPlan() {
  const widths = Object.entries(photoVariantWidths()).sort((a, b) => a[1] - b[1])
  return { widths, thumbVariant: widths[0], has320: widths.some(([, w]) => w === 320) }
}

export function renderStaticCopy(page) {
  const { widths } = variantPlan()
  const srcset = (id, upTo) =>
    widths
      .filter(([, w]) => w <= upTo)
      .map(([name, w]) => `/media/${id}/${name} ${w}w`)
      .join(', ')
  const variantFor = (width) => (widths.find(([, w]) => w >= width) ?? widths.at(-1))[0]
  const [hero, ...others] = page.photoIds
  // The main photo: up to 640w at 100vw (a 360 px phone at 2× takes the 640w one), fetched first.
  const heroImg = hero
    ? `<img class="hero" src="/media/${hero}/${variantFor(640)}" srcset="${srcset(hero, 640)}" sizes="100vw" width="640" height="427" alt="" fetchpriority="high">`
    : ''
  // Thumbnails in a two-column grid: 50vw less the padding and the gap (320w on that phone).
  const thumbs = others
    .map(
      (id) =>
        `<li><img src="/media/${id}/${variantFor(320)}" srcset="${srcset(id, 640)}" sizes="(min-width: 40rem) 15rem, calc(50vw - 1.25rem)" width="320" height="213" alt="" loading="lazy" decoding="async"></li>`,
    )
    .join('')
  const gallery = `</div>${heroImg}<ul class="grid">${thumbs}</ul><div class="body">`
  if (!page.blocks.includes(GALLERY)) page = { ...page, blocks: [...page.blocks, GALLERY] }
  const content = page.blocks
    .map((block) => (block === GALLERY ? gallery : block === page.h1 ? `<h1>${escape(block)}</h1>` : `<p>${escape(block)}</p>`))
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)}</title><style>${STYLE}</style></head>
<body><main><div class="body">
${content}
</div></main></body></html>
`
}

/**
 * The copy's photos, as a static site holds them: every file the copy links, read once from the
 * app server (cookie-less, through the share) into memory. Map of path → bytes.
 */
export async function fetchCopyPhotos(page, appUrl) {
  const { widths } = variantPlan()
  const photos = new Map()
  for (const id of page.photoIds) {
    for (const [name] of widths) {
      const path = `/media/${id}/${name}`
      const response = await fetch(`${appUrl}${path}`)
      if (response.status !== 200) throw new Error(`static copy: GET ${path} answered ${response.status}`)
      photos.set(path, Buffer.from(await response.arrayBuffer()))
    }
  }
  return photos
}

/**
 * Serves the copy at / (gzip when asked) and its photos from memory, as a static file server
 * does (Content-Length, a year's public cache): the reference a share page's photos are held to.
 */
export function serveStaticCopy(html, photos, port) {
  const gzipped = gzipSync(html)
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        ...(gzip && { 'Content-Encoding': 'gzip' }),
        'Content-Length': gzip ? gzipped.length : Buffer.byteLength(html),
        Vary: 'Accept-Encoding',
      })
      res.end(gzip ? gzipped : html)
      return
    }
    const photo = photos.get(req.url)
    if (photo) {
      res.writeHead(200, { 'Content-Type': 'image/webp', 'Content-Length': photo.length, 'Cache-Control': 'public, max-age=31536000, immutable' })
      res.end(photo)
      return
    }
    res.writeHead(404).end()
  })
  return new Promise((resolve) => server.listen(port, () => resolve({ url: `http://localhost:${port}/`, close: () => new Promise((r) => server.close(r)) })))
}
