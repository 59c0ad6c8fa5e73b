// Formats: a CSV export of 10,000 listings (time, peak RSS growth of the server while it
// streams) and the preview of a 10,000-row CSV import (upload → checked rows → preview page),
// on each target, as the formats broker (seed.mjs).
import { getPage, signInAs } from '../http.mjs'
import { FORMATS_BROKER, FORMATS_LISTINGS } from '../seed.mjs'
import { rssKib } from '../util.mjs'

export async function benchFormats(ctx) {
  const results = {}
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    const f = await formatsOn(target)
    results[name] = f
    ctx.log(`formats: ${name} ${JSON.stringify(f)}`)
    ctx.summary({ section: 'formats', metric: `CSV export ${f.exportRows} rows (${name})`, value: f.exportMs, reference: null, ratio: null, goal: { atMost: EXPORT_BUDGET_MS }, unit: 'ms' })
    ctx.summary({ section: 'formats', metric: `import preview ${f.previewRows} rows (${name})`, value: f.previewMs, reference: null, ratio: null, goal: { atMost: PREVIEW_BUDGET_MS }, unit: 'ms' })
  }
  return results
}

const EXPORT_BUDGET_MS = 5000
const PREVIEW_BUDGET_MS = 10_000

async function formatsOn(server) {
  const jar = await signInAs(server.appUrl, FORMATS_BROKER.email)
  // Export: read the stream to its end, sampling the server's memory every 20 ms meanwhile.
  const rssBefore = rssKib(server.pid)
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    const now = rssKib(server.pid)
    if (now !== null && (rssPeak === null || now > rssPeak)) rssPeak = now
  }, 20)
  const exportStarted = performance.now()
  let bytes = 0
  let lines = 0
  try {
    const response = await fetch(`${server.appUrl}/properties/export.csv`, { headers: { Cookie: jar.header } })
    if (response.status !== 200) throw new Error(`GET /properties/export.csv: HTTP ${response.status}`)
    for await (const chunk of response.body) {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) lines++
    }
  } finally {
    clearInterval(sampler)
  }
  const exportMs = Math.round(performance.now() - exportStarted)
  // Rows: line ends minus the header's (descriptions hold no line breaks in the seed).
  if (lines - 1 !== FORMATS_LISTINGS) throw new Error(`export has ${lines - 1} rows, expected ${FORMATS_LISTINGS}`)

  // Import preview: 10,000 new rows (other reference codes) from a spreadsheet-like CSV.
  const csv = ['ListingId;Title;PropertyType;PropertySubType;ListPrice;StandardStatus;City;BedroomsTotal']
  for (let i = 0; i < FORMATS_LISTINGS; i++) csv.push(`IMP-${i};Imported flat ${i};Residential;Apartment;${100000 + i};Active;Porto;${i % 5}`)
  const form = new FormData()
  form.set('file', new Blob([csv.join('\r\n')], { type: 'text/csv' }), 'bench.csv')
  const previewStarted = performance.now()
  const upload = await fetch(`${server.appUrl}/properties/import`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: jar.header, Origin: server.appUrl, 'Sec-Fetch-Site': 'same-origin' },
    body: form,
  })
  const location = upload.headers.get('Location')
  if (upload.status !== 302 || !location?.startsWith('/imports/')) throw new Error(`import upload: HTTP ${upload.status} ${await upload.text()}`)
  const { html } = await getPage(server.appUrl, location, jar)
  const previewMs = Math.round(performance.now() - previewStarted)
  if (!html.includes(`${FORMATS_LISTINGS} rows read`)) throw new Error('the import preview does not show 10000 rows read')

  const result = {
    exportRows: lines - 1,
    exportBytes: bytes,
    exportMs,
    exportWithinBudget: exportMs < EXPORT_BUDGET_MS,
    exportRssGrowthMiB: rssBefore === null || rssPeak === null ? null : Number(((rssPeak - rssBefore) / 1024).toFixed(1)),
    previewRows: FORMATS_LISTINGS,
    previewMs,
    previewWithinBudget: previewMs < PREVIEW_BUDGET_MS,
  }
  if (!result.exportWithinBudget || !result.previewWithinBudget) {
    console.warn(`Formats over budget: export ${exportMs} ms (budget ${EXPORT_BUDGET_MS}), preview ${previewMs} ms (budget ${PREVIEW_BUDGET_MS})`)
  }
  return result
}

