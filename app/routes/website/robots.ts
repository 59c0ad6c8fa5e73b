import { getEnv } from '#app/lib/env.server.ts'

/*
 * /robots.txt (there was none): the agencies' websites are for search engines, and the index of
 * their sitemaps is named here. Enquiry forms and their confirmations are not pages to crawl.
 * Share links, alert pages and the app say `noindex` themselves (and need a session or a link).
 */
export function loader() {
  const body = ['User-agent: *', 'Disallow: /a/*/enquiry', 'Disallow: /a/*/p/*/enquiry', 'Allow: /', '', `Sitemap: ${getEnv().APP_URL}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
