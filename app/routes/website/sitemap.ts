import { redirect } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { notFound } from '#app/lib/http.ts'
import { findAgencyBySlug } from '#app/modules/agencies/website-address.server.ts'
import { websiteListingPath } from '#app/modules/agencies/website-slug.ts'
import { loadSitemapListings } from '#app/modules/website/website.server.ts'
import type { Route } from './+types/sitemap'

/*
 * /a/{slug}/sitemap.xml (sitemaps.org): the agency's website and exactly its open listings
 * (public and active, as /public-properties decides), each at its canonical address with the
 * time it last changed. robots.txt points to the index of these (/sitemap.xml).
 */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

export async function loader({ params }: Route.LoaderArgs) {
  const found = await findAgencyBySlug(params.slug)
  if (!found) notFound()
  if (!found.current) throw redirect(`/a/${found.agency.slug}/sitemap.xml`, 301)
  const appUrl = getEnv().APP_URL
  const listings = await loadSitemapListings(found.agency.id)
  const urls = [
    `<url><loc>${escapeXml(`${appUrl}/a/${found.agency.slug}`)}</loc></url>`,
    ...listings.map(
      (listing) => `<url><loc>${escapeXml(`${appUrl}${websiteListingPath(found.agency.slug, listing)}`)}</loc><lastmod>${listing.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}
