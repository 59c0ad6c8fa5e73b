import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { changeWebsiteSlug } from '#app/modules/agencies/website-address.server.ts'
import { slugify, WEBSITE_SLUG_MAX_LENGTH } from '#app/modules/agencies/website-slug.ts'
import type { Scope } from '#db/tenancy.server.ts'

/*
 * The agency website's address on /agency (docs/decisions/036-enquiries-and-website.md): owners
 * and admins change it; the old address keeps answering with a 301 to the new one.
 */

const REFUSALS = {
  invalid: `Use lower-case letters, digits and hyphens, at most ${WEBSITE_SLUG_MAX_LENGTH} characters (for example costa-homes).`,
  taken: 'Another agency uses this address, or used it before. Choose another one.',
} as const

export async function changeWebsiteAddress(form: FormData, context: Readonly<RouterContextProvider>, scope: Scope) {
  const typed = String(form.get('slug') ?? '').trim()
  // Forgiving about case and spaces ("Costa Homes" is costa-homes); refusing what cannot be one.
  const slug = typed.length > 2 * WEBSITE_SLUG_MAX_LENGTH ? typed : slugify(typed, 2 * WEBSITE_SLUG_MAX_LENGTH)
  const result = await changeWebsiteSlug(scope, slug)
  if (result.ok) {
    setFlash(context, { kind: 'success', message: result.slug === result.previous ? 'The website address is unchanged.' : `The website is now at /a/${result.slug}; the old address sends visitors there.` })
    throw redirect('/agency')
  }
  if (result.reason === 'forbidden') throw new Response('Forbidden', { status: 403 })
  return data({ intent: 'website-address', fieldErrors: { slug: [REFUSALS[result.reason]] } as Record<string, string[]> }, { status: 400 })
}
