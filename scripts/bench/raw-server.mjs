// The raw reference of the traffic section: a bare node:http server that answers every request
// with one recorded answer (status, headers, body bytes), nothing else: no routing, no cookies,
// no compression at answer time. What serving a page from memory costs at the very least.
// Usage: node raw-server.mjs <answer.json written by raw-reference.mjs> <port>
import { readFileSync } from 'node:fs'
import http from 'node:http'

const [file, port] = process.argv.slice(2)
const answer = JSON.parse(readFileSync(file, 'utf8'))
const body = Buffer.from(answer.bodyBase64, 'base64')
const headers = answer.headers.flat()
const server = http.createServer((req, res) => {
  res.writeHead(answer.status, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
})
server.listen(Number(port))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
