import { describe, expect, it } from 'vitest'
import { isWebsiteSlug, slugify, websiteListingPath } from '#app/modules/agencies/website-slug.ts'
import { consentWording } from '#app/modules/leads/enquiry-fields.ts'
import { jsonForScript } from '#app/modules/website/json-ld.ts'

describe('website addresses (docs/decisions/036)', () => {
  it('make slugs of names in any language, as the database does', () => {
    expect(slugify('Costa Homes, Lda.')).toBe('costa-homes-lda')
    expect(slugify('  Imobiliária São João  ')).toBe('imobiliaria-sao-joao')
    expect(slugify('Müller & Söhne Straße')).toBe('muller-sohne-strasse')
    expect(slugify('—')).toBe('')
    expect(slugify('a'.repeat(80))).toHaveLength(60)
    expect(slugify(`${'ab-'.repeat(30)}x`).endsWith('-')).toBe(false)
  })

  it('accept only what the database accepts', () => {
    for (const good of ['costa-homes', 'a', 'x1-2-3']) expect(isWebsiteSlug(good), good).toBe(true)
    for (const bad of ['', '-a', 'a-', 'a--b', 'Costa', 'a_b', 'a.b', 'a'.repeat(61), 'sitemap.xml']) expect(isWebsiteSlug(bad), bad).toBe(false)
  })

  it('give a listing an address of its id and its title', () => {
    const id = '3f2a1c9e-0000-4000-8000-000000000001'
    expect(websiteListingPath('costa-homes', { id, title: 'Harbour View, 3-bed!' })).toBe(`/a/costa-homes/p/${id}-harbour-view-3-bed`)
    expect(websiteListingPath('costa-homes', { id, title: '!!!' })).toBe(`/a/costa-homes/p/${id}`)
  })
})

describe('JSON-LD in a page', () => {
  it('cannot close its script element or start a comment', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script><!-- & \u2028' })
    expect(text).not.toMatch(/<|>|&|\u2028/)
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!-- & \u2028' })
  })
})

describe('the consent box', () => {
  it('names who may contact the person', () => {
    expect(consentWording('Costa Homes')).toMatch(/^I agree that Costa Homes may contact me about this enquiry/)
    expect(consentWording('')).toContain('the agency')
  })
})
