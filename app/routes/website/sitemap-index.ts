import { getEnv } from '#app/lib/env.server.ts'
import { loadWebsiteSlugs } from '#app/modules/website/website.server.ts'

/** /sitemap.xml: the sitemaps of the agencies' websites that have open listings (sitemaps.org index). */
export async function loader() {
  const appUrl = getEnv().APP_URL
  const slugs = await loadWebsiteSlugs()
  const entries = slugs.map((slug) => `<sitemap><loc>${appUrl}/a/${slug}/sitemap.xml</loc></sitemap>`)
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}
