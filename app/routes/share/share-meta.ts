import type { MetaDescriptor } from 'react-router'
import type { SharePageData } from '#app/modules/sharing/share-page.server.ts'
import { photoUrl } from '#app/modules/media/variants.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import { brokerSignOff } from '#app/ui/share-page.tsx'
import { countOf } from '#app/lib/format.ts'

type ShareMetaInput = { page: SharePageData; url: string; appUrl: string } | undefined

/**
 * Link previews in chat apps (Open Graph, Twitter): title, price and city, the cover's large
 * size as an absolute URL. Always `noindex`: a share link is for the people it is sent to.
 */
export function shareMeta(input: ShareMetaInput): MetaDescriptor[] {
  const robots = { name: 'robots', content: 'noindex' }
  if (!input) return [{ title: 'Page not found · BrokerVault' }, robots]
  const { page, url, appUrl } = input
  const first = page.properties[0]
  const title =
    page.kind === 'property' ? (first?.title ?? 'Property') : `Properties selected for you by ${page.broker.fullName}`
  const cities = [...new Set(page.properties.map((p) => p.city).filter(Boolean))].join(', ')
  const description =
    page.kind === 'property' && first
      ? [priceText(first), first.city].filter(Boolean).join(' · ')
      : [countOf(page.properties.length, 'property', 'properties'), cities].filter(Boolean).join(' · ')
  const cover = page.properties.find((p) => p.photos.length > 0)?.photos[0]
  const image = cover ? `${appUrl}${photoUrl(cover, 'large')}` : null
  return [
    // A client's page speaks for the broker: the tab reads "Harbour View Apartment · Costa Homes".
    { title: `${title} · ${brokerSignOff(page.broker)}` },
    robots,
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ]
}
