import type { MetaDescriptor } from 'react-router'

/** Title, description, canonical address and link previews (Open Graph, Twitter) of a website page. */
export function websiteMeta(input: {
  title: string
  description: string
  canonical: string
  image?: string | null
  siteName: string
  index: boolean
}): MetaDescriptor[] {
  const { title, description, canonical, image, siteName, index } = input
  return [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: index ? 'index, follow' : 'noindex, follow' },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ]
}

export const NO_STORE = { 'Cache-Control': 'private, no-store' }
