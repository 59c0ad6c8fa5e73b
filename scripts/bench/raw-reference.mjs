// Goal 6's reference (issue 24): the share page's own answer, recorded once, served by a bare
// node:http server (raw-server.mjs) in a process of its own, as the ceiling is.
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { ROOT, startNodeServer } from './util.mjs'

// Set by Node's HTTP server itself on every answer (and by the raw server's own Node the same way).
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** One GET with exactly these request headers: status, the headers as sent (names as written), the body's bytes. */
export function recordAnswer(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        const pairs = []
        for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i], response.rawHeaders[i + 1]])
        resolve({ status: response.statusCode, headers: pairs, body: Buffer.concat(chunks) })
      })
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url}: timed out`)))
    request.on('error', reject)
  })
}

/** Serves `answer` (from recordAnswer; hop-by-hop headers left to Node) on port; resolves when it answers. */
export async function startRawServer(answer, { folder, port }) {
  const file = path.join(folder, `raw-answer-${port}.json`)
  const headers = answer.headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
  writeFileSync(file, JSON.stringify({ status: answer.status, headers, bodyBase64: answer.body.toString('base64') }))
  const server = await startNodeServer({ name: 'raw reference', script: path.join(ROOT, 'scripts/bench/raw-server.mjs'), args: [file, String(port)], url: `http://localhost:${port}/` })
  return { ...server, headers }
}
