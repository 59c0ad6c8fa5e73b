import { pingDatabase } from '#db/client.server.ts'

/** For load balancers and process managers: 200 when the database answers, else 503. */
export async function loader() {
  const ok = await pingDatabase()
  return new Response(ok ? 'ok' : 'database unavailable', {
    status: ok ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
