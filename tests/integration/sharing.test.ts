import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clientFeedback, properties, shares } from '#db/schema.ts'
import {
  FEEDBACK_IP_WINDOW_SECONDS,
  FEEDBACK_LIMIT_PER_IP_PER_15_MIN,
  FEEDBACK_LIMIT_PER_SHARE_PER_HOUR,
  FEEDBACK_SHARE_WINDOW_SECONDS,
  listPickedReactions,
} from '#app/modules/sharing/feedback.server.ts'
import { resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { VISITOR_COOKIE_MAX_AGE_SECONDS } from '#app/modules/sharing/share-views.server.ts'
import { settleShareViews, TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { addClient, broker, createShare, PRIVATE_MARKER, sharedWorld, uploadDocument, uploadPhotos } from '#tests/support/share-world.ts'

const OTHER_FEEDBACK_MARKER = 'OTHER-CLIENT-FEEDBACK-MARKER-9d41'

const feedbackOf = (clientId: string) => getDb().select().from(clientFeedback).where(eq(clientFeedback.clientId, clientId))

describe('share routes', () => {
  it('guards /shares: no session → /auth, nothing created', async () => {
    const response = await new TestBrowser().post('/shares', { intent: 'create', kind: 'property', targetId: crypto.randomUUID() })
    expect(response.headers.get('Location')).toBe('/auth')
  })

  it('creates a 22-character link, lists it on the client listing, revokes it; bad input never a 500', async () => {
    const { owner, clientId, listingShare } = await sharedWorld()
    expect(listingShare).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const panel = await (await owner.browser.get(`/client/${clientId}/listing`)).text()
    // The whole URL in a wrapping read-only field: selectable and copyable without script.
    expect(panel).toMatch(new RegExp(`<textarea id="share-url-${listingShare}" readOnly="" rows="2"[^>]*>http://localhost:3000/client-listing/${listingShare}</textarea>`))
    expect(panel).toContain('never expires')

    const revoked = await owner.browser.post('/shares', { intent: 'revoke', shareId: listingShare, redirectTo: `/client/${clientId}/listing` })
    expect(revoked.headers.get('Location')).toBe(`/client/${clientId}/listing`)
    expect(await (await owner.browser.follow(revoked)).response.text()).toContain('Share link revoked.')
    const kinds = await getDb().select({ kind: activities.kind }).from(activities).where(eq(activities.shareId, listingShare))
    expect(kinds.map((k) => k.kind).sort()).toEqual(['listing_shared', 'share_revoked'])

    const badExpiry = await owner.browser.post('/shares', { intent: 'create', kind: 'client_listing', targetId: clientId, expiresInDays: '400', redirectTo: '//evil.example' })
    expect(badExpiry.headers.get('Location')).toBe('/home')
    expect(await (await owner.browser.follow(badExpiry)).response.text()).toContain('Choose an expiry between 1 and 365 days')
    const weekLong = await createShare(owner.browser, 'client_listing', clientId, '7')
    const [week] = await getDb().select({ expiresAt: shares.expiresAt }).from(shares).where(eq(shares.id, weekLong))
    expect(Math.round((week!.expiresAt!.getTime() - Date.now()) / 86_400_000)).toBe(7)
    const emptyClient = await addClient(owner.ownerId, 'Nobody Yet')
    const refused = await owner.browser.post('/shares', { intent: 'create', kind: 'client_listing', targetId: emptyClient, redirectTo: '/home' })
    expect(await (await owner.browser.follow(refused)).response.text()).toContain('Add at least one property to the shortlist before sharing it.')
    expect(await getDb().select().from(shares).where(eq(shares.clientId, emptyClient))).toEqual([])
    expect((await owner.browser.post('/shares', { intent: 'explode' })).status).toBe(400)
    expect((await owner.browser.post('/shares', { intent: 'create', kind: 'castle', targetId: clientId })).status).toBe(400)
    expect((await owner.browser.post('/shares', { intent: 'revoke', shareId: 'not-a-share' })).status).toBe(404)
  })

  it("another broker's targets and links are a 404 for every share action and page", async () => {
    const { owner, propertyId, clientId, propertyShare } = await sharedWorld()
    const intruder = await broker('Mallory')
    const forms: Record<string, string>[] = [
      { intent: 'create', kind: 'property', targetId: propertyId },
      { intent: 'create', kind: 'client_listing', targetId: clientId },
      { intent: 'revoke', shareId: propertyShare },
    ]
    for (const form of forms) {
      expect((await intruder.browser.post('/shares', form)).status, JSON.stringify(form)).toBe(404)
    }
    // Ownership before the other fields: an expiry out of range or an unknown kind as well is
    // still a 404, not the expiry toast (a 302) or a 400.
    const foreignAndWrong: Record<string, string>[] = [
      { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '400', redirectTo: '/home' },
      { intent: 'create', kind: 'client_listing', targetId: clientId, expiresInDays: '0', redirectTo: '/home' },
      { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: 'soon' },
      { intent: 'create', kind: 'castle', targetId: propertyId },
      { intent: 'create', kind: 'castle', targetId: clientId, expiresInDays: '400' },
    ]
    for (const form of foreignAndWrong) {
      const response = await intruder.browser.post('/shares', form)
      expect(response.status, JSON.stringify(form)).toBe(404)
      expect(response.headers.get('Location')).toBeNull()
    }
    expect((await intruder.browser.get(`/client/${clientId}/listing`)).status).toBe(404)
    const [share] = await getDb().select().from(shares).where(eq(shares.id, propertyShare))
    expect(share?.revokedAt).toBeNull()
    expect(await getDb().select().from(shares).where(eq(shares.ownerId, intruder.ownerId))).toEqual([])
    expect((await owner.browser.get(`/preview/${propertyShare}`)).status).toBe(200)
  })
})

describe('share pages', () => {
  it('show the view-only page with no script, no private notes, Open Graph meta and documents marked shared', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const [photo] = await uploadPhotos(owner.browser, propertyId, 2)
    await uploadDocument(owner.browser, propertyId, 'Floor plan', true)
    await uploadDocument(owner.browser, propertyId, 'Private valuation', false)
    const response = await new TestBrowser().get(`/preview/${propertyShare}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Preview Mode - View Only')
    expect(html).toContain('Sea view flat')
    expect(html).toContain('€450,000')
    expect(html).toContain('Floor plan')
    expect(html).not.toContain('Private valuation')
    expect(html).toContain('Olivia Broker')
    expect(html).not.toContain('<script')
    expect(html).not.toContain(PRIVATE_MARKER)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('<meta property="og:title" content="Sea view flat"/>')
    expect(html).toContain('<meta property="og:description" content="€450,000 · Lisbon"/>')
    // The cover's large size at its tagged, publicly cacheable address (a chat app's preview fetches it).
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://localhost:3000/media/${photo!.id}/large/[\\w-]{12}\\.webp"/>`))
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/preview/${propertyShare}"/>`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    // A tap opens the photo in the page's own viewer (no script), not the raw file.
    expect(html).toContain(`href="#photo-${photo!.id}"`)
    expect(html).toContain(`<figure id="photo-${photo!.id}"`)
    expect(html).toMatch(/loading="eager"[^>]*>[\s\S]*loading="lazy"/)
  })

  it('answer the same 404 for unknown, revoked, expired and wrong-kind ids', async () => {
    const { owner, propertyShare, listingShare } = await sharedWorld()
    const anonymous = new TestBrowser()
    const unknown = await anonymous.get('/preview/AAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(404)
    // Byte for byte the same page once the per-request CSP nonce is set aside.
    const withoutNonce = async (response: Response) => (await response.text()).replace(/ nonce="[^"]*"/g, '')
    const unknownBody = await withoutNonce(unknown)
    expect(unknownBody).not.toContain('<script')

    expect((await anonymous.get(`/client-listing/${propertyShare}`)).status).toBe(404)
    expect((await anonymous.get(`/preview/${listingShare}`)).status).toBe(404)
    await getDb().update(shares).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shares.id, listingShare))
    const expired = await anonymous.get(`/client-listing/${listingShare}`)
    expect(expired.status).toBe(404)
    await owner.browser.post('/shares', { intent: 'revoke', shareId: propertyShare })
    const revoked = await anonymous.get(`/preview/${propertyShare}`)
    expect(revoked.status).toBe(404)
    expect(await withoutNonce(revoked)).toBe(unknownBody)
    expect(await withoutNonce(expired)).toBe(unknownBody)
  })

  it('count a view once per visitor and day, never for the owner, and cache only cookie-free answers', async () => {
    const { owner, propertyShare } = await sharedWorld()
    const path = `/preview/${propertyShare}`
    const viewCount = async () => {
      await settleShareViews()
      return (await getDb().select().from(shares).where(eq(shares.id, propertyShare)))[0]?.viewCount
    }
    const first = new TestBrowser()
    const firstView = await first.get(path)
    expect(firstView.headers.getSetCookie().some((c) => c.startsWith('bv_visitor='))).toBe(true)
    expect(firstView.headers.get('Cache-Control')).toBe('private, no-store')
    const secondView = await first.get(path)
    expect(secondView.headers.getSetCookie()).toEqual([])
    expect(secondView.headers.get('Cache-Control')).toBe('public, max-age=60, s-maxage=300')
    expect(secondView.headers.get('Vary')).toContain('Cookie')
    expect(await viewCount()).toBe(1)

    await new TestBrowser().get(path)
    await owner.browser.get(path)
    await new TestBrowser().get(path, { headers: { 'User-Agent': 'WhatsApp/2.23.20' } })
    expect(await viewCount()).toBe(2)
    await settleShareViews()
    const viewed = await getDb().select().from(activities).where(and(eq(activities.shareId, propertyShare), eq(activities.kind, 'share_viewed')))
    expect(viewed).toHaveLength(2)
    expect(viewed[0]?.summary).toBe('Share link of Sea view flat opened')
  })
})

describe('drafts and off-market properties on share links', () => {
  const setStatus = (browser: TestBrowser, propertyId: string, status: string) =>
    browser.post(`/property/${propertyId}`, { intent: 'status', status })

  it('refuse a link to a hidden property, and hide a shared one with its photos while it is hidden', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const draftId = await createPropertyVia(owner.browser, { title: 'Unfinished loft', status: 'draft' })
    const refused = await owner.browser.post('/shares', { intent: 'create', kind: 'property', targetId: draftId, redirectTo: `/property/${draftId}` })
    const refusedPage = await (await owner.browser.follow(refused)).response.text()
    expect(refusedPage).toContain('Drafts and off-market properties are never shown to clients. Change the status to share this property.')
    expect(await getDb().select().from(shares).where(eq(shares.propertyId, draftId))).toEqual([])
    // The panel says why up front and offers no Create button.
    const panel = await (await owner.browser.get(`/property/${draftId}`)).text()
    expect(panel).toContain('Nothing to share yet.')
    expect(panel).not.toContain('Create share link')

    const [photo] = await uploadPhotos(owner.browser, propertyId, 1)
    const anonymous = new TestBrowser()
    expect((await anonymous.get(`/preview/${propertyShare}`)).status).toBe(200)
    for (const status of ['off_market', 'draft']) {
      expect((await setStatus(owner.browser, propertyId, status)).status).toBe(302)
      expect((await anonymous.get(`/preview/${propertyShare}`)).status, status).toBe(404)
      expect((await anonymous.get(`/media/${photo!.id}/large`)).status, status).toBe(404)
      expect(await (await owner.browser.get(`/property/${propertyId}`)).text()).toContain('Its live links show clients nothing until then.')
    }
    expect((await owner.browser.get(`/media/${photo!.id}/large`)).status).toBe(200)
    // Under offer, sold and rented stay visible: the client may still want to see what happened.
    for (const status of ['under_offer', 'sold', 'active']) {
      expect((await setStatus(owner.browser, propertyId, status)).status).toBe(302)
      expect((await anonymous.get(`/preview/${propertyShare}`)).status, status).toBe(200)
    }
  })

  it('leave hidden items out of a shortlist link, say which and why to the broker, and refuse feedback on them', async () => {
    const { owner, clientId, propertyId, listingPath } = await sharedWorld()
    const draftId = await createPropertyVia(owner.browser, { title: 'Secret penthouse', status: 'off_market' })
    await owner.browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId: draftId })
    const [hiddenPhoto] = await uploadPhotos(owner.browser, draftId, 1)

    const client = new TestBrowser()
    const sharePage = await (await client.get(listingPath)).text()
    expect(sharePage).toContain('Sea view flat')
    expect(sharePage).not.toContain('Secret penthouse')
    expect(sharePage).toContain('1 property chosen by')
    expect((await client.get(`/media/${hiddenPhoto!.id}/large`)).status).toBe(404)
    expect((await client.post(listingPath, { propertyId: draftId, reaction: 'interested' })).status).toBe(404)
    expect(await feedbackOf(clientId)).toEqual([])
    expect((await client.post(listingPath, { propertyId, reaction: 'interested' })).status).toBe(303)

    const brokerView = await (await owner.browser.get(`/client/${clientId}/listing`)).text()
    expect(brokerView).toContain("1 of 2 properties are hidden from Ana Lima&#x27;s link: drafts and off-market properties are never shown to clients.")
    expect(brokerView).toContain('Hidden from the client · Off market')
    expect(brokerView).toContain('Off-market properties are never shown to clients.')
    expect(brokerView).toContain('Create share link')
    const preview = await owner.browser.get(`/client/${clientId}/listing/${draftId}`)
    expect(preview.status).toBe(200)
    expect(await preview.text()).toContain('Ana Lima does not see this property on a shared link (status: Off market).')

    // Every item hidden: the link would show nothing, so no new one, and the panel says why.
    await setStatus(owner.browser, propertyId, 'draft')
    const refused = await owner.browser.post('/shares', { intent: 'create', kind: 'client_listing', targetId: clientId, redirectTo: `/client/${clientId}/listing` })
    const page = await (await owner.browser.follow(refused)).response.text()
    expect(page).toContain('Every property on this shortlist is a draft or off market, so a link would show nothing.')
    expect(page).toContain('Nothing to share yet.')
    expect(page).not.toContain('Create share link')
    expect(await getDb().select().from(shares).where(eq(shares.clientId, clientId))).toHaveLength(1)
    const emptied = await (await client.get(listingPath)).text()
    expect(emptied).toContain('There are no properties on this shortlist at the moment.')
    expect(emptied).not.toContain('Sea view flat')
  })
})

describe('files behind a share', () => {
  it('serves shared photos and documents to anyone while the link lives, then 404', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const [photo] = await uploadPhotos(owner.browser, propertyId, 1)
    const sharedDoc = await uploadDocument(owner.browser, propertyId, 'Energy certificate', true)
    const privateDoc = await uploadDocument(owner.browser, propertyId, 'Owner ID', false)
    const anonymous = new TestBrowser()
    expect((await anonymous.get(`/media/${photo!.id}/large`)).status).toBe(200)
    expect((await anonymous.get(`/documents/${sharedDoc}`)).status).toBe(200)
    expect((await anonymous.get(`/documents/${privateDoc}`)).status).toBe(404)

    // Still reachable through the client listing's link; then through nothing.
    await owner.browser.post('/shares', { intent: 'revoke', shareId: propertyShare })
    expect((await anonymous.get(`/media/${photo!.id}/thumb`)).status).toBe(200)
    const listingShares = await getDb().select({ id: shares.id }).from(shares).where(eq(shares.kind, 'client_listing'))
    for (const { id } of listingShares) await owner.browser.post('/shares', { intent: 'revoke', shareId: id })
    expect((await anonymous.get(`/media/${photo!.id}/large`)).status).toBe(404)
    expect((await anonymous.get(`/documents/${sharedDoc}`)).status).toBe(404)
    expect((await owner.browser.get(`/media/${photo!.id}/large`)).status).toBe(200)

    // A public, active property's photos are open to anyone; back to private, they are not.
    await getDb().update(properties).set({ visibility: 'public', status: 'active' }).where(eq(properties.id, propertyId))
    expect((await anonymous.get(`/media/${photo!.id}/medium`)).status).toBe(200)
    await getDb().update(properties).set({ visibility: 'private' }).where(eq(properties.id, propertyId))
    expect((await anonymous.get(`/media/${photo!.id}/medium`)).status).toBe(404)
  })
})

describe('client feedback', () => {
  it('records a reaction with a comment, thanks the client, and shows it only to the broker', async () => {
    const { owner, propertyId, clientId, listingPath } = await sharedWorld()
    // Another client of the same broker, with feedback on the same property through their own link.
    const otherClient = await addClient(owner.ownerId, 'Bruno Costa')
    await owner.browser.post(`/client/${otherClient}/edit-listing`, { intent: 'add', propertyId })
    const otherShare = await createShare(owner.browser, 'client_listing', otherClient)
    await new TestBrowser().post(`/client-listing/${otherShare}`, { propertyId, reaction: 'not_for_me', comment: OTHER_FEEDBACK_MARKER })

    const client = new TestBrowser()
    const page = await (await client.get(listingPath)).text()
    expect(page).toContain('Walk to the beach.')
    expect(page).not.toContain('<script')
    expect(page).not.toContain(PRIVATE_MARKER)
    expect(page).not.toContain(OTHER_FEEDBACK_MARKER)
    expect(page).not.toContain('Bruno Costa')

    const posted = await client.post(listingPath, { propertyId, reaction: 'interested', comment: 'Can we <b>visit</b> Saturday?', name: 'Ana' })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe(`${listingPath}#property-${propertyId}`)
    const thanked = await client.get(listingPath)
    expect(await thanked.text()).toContain('Thank you! Your feedback has been sent to your broker.')
    expect(thanked.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await feedbackOf(clientId)).toMatchObject([{ reaction: 'interested', comment: 'Can we <b>visit</b> Saturday?', authorName: 'Ana' }])
    const logged = await getDb().select().from(activities).where(and(eq(activities.clientId, clientId), eq(activities.kind, 'client_feedback')))
    expect(logged[0]?.summary).toBe('Ana Lima: Interested in Sea view flat')

    const brokerView = await (await owner.browser.get(`/client/${clientId}/listing`)).text()
    expect(brokerView).toContain('Can we &lt;b&gt;visit&lt;/b&gt; Saturday?')
    expect(brokerView).toContain('Interested')
    expect(brokerView).not.toContain(OTHER_FEEDBACK_MARKER)
  })

  it("quotes the comment on /home with who wrote it, shortened to about 140 characters", async () => {
    const { owner, propertyId, listingPath } = await sharedWorld()
    const words = 'The kitchen looks small but the terrace makes up for it; could we visit on Saturday morning with my partner and ask about parking nearby? END-OF-QUOTE-MARKER'
    await new TestBrowser().post(listingPath, { propertyId, reaction: '', comment: words, name: 'Ana & <Rui>' })
    await new TestBrowser().post(listingPath, { propertyId, reaction: '', comment: 'Unsigned but <i>short</i>.', name: '' })
    const home = await (await owner.browser.get('/home')).text()
    const feed = home.slice(home.indexOf('id="activity"'))
    expect(feed).toContain('Ana Lima: Comment on Sea view flat')
    expect(feed).toContain('The kitchen looks small but the terrace makes up for it; could we visit')
    expect(feed).not.toContain('END-OF-QUOTE-MARKER')
    const quoted = /<blockquote[^>]*>“([^”]*)”<\/blockquote>/.exec(feed.slice(feed.indexOf('The kitchen') - 200))?.[1] ?? ''
    expect(quoted.endsWith('…')).toBe(true)
    expect([...quoted].length).toBeLessThanOrEqual(140)
    expect([...quoted].length).toBeGreaterThan(100)
    expect(feed).toContain('— Ana &amp; &lt;Rui&gt;')
    // No name given: the quote is signed by the client whose link it came through, escaped as text.
    expect(feed).toContain('“Unsigned but &lt;i&gt;short&lt;/i&gt;.”')
    expect(feed).toContain('— Ana Lima')
  })

  it('answers bad input with 400 next to the form, drops honeypot posts, and 404s foreign properties', async () => {
    const { owner, clientId, propertyId, listingPath } = await sharedWorld()
    const client = new TestBrowser()
    const empty = await client.post(listingPath, { propertyId, reaction: '', comment: '   ' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Choose Interested or Not for me, or write a comment.')
    const tooLong = await client.post(listingPath, { propertyId, reaction: 'interested', comment: 'y'.repeat(1001), name: 'n'.repeat(81) })
    expect(tooLong.status).toBe(400)
    const html = await tooLong.text()
    expect(html).toContain('Keep the comment to 1000 characters or fewer.')
    expect(html).toContain('Keep the name to 80 characters or fewer.')
    expect(html).not.toContain('<script')
    expect(tooLong.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await client.post(listingPath, { propertyId, reaction: 'love-it' })).status).toBe(400)

    const bot = await client.post(listingPath, { propertyId, reaction: 'interested', website: 'http://spam.example' })
    expect(bot.status).toBe(303)
    const foreign = await createPropertyVia((await broker('Other')).browser)
    const notListed = await createPropertyVia(owner.browser, { title: 'Not on the list' })
    for (const id of [foreign, notListed, 'nope']) {
      expect((await client.post(listingPath, { propertyId: id, reaction: 'interested' })).status, id).toBe(404)
      // Not on offer is a 404 whatever else the form got wrong, not a 400 with field messages.
      expect((await client.post(listingPath, { propertyId: id, reaction: 'love-it', comment: 'y'.repeat(1001) })).status, id).toBe(404)
    }
    expect(await feedbackOf(clientId)).toEqual([])
    const { propertyShare } = await sharedWorld()
    expect((await client.post(`/preview/${propertyShare}`, { propertyId, reaction: 'interested' })).status).toBe(404)
  })

  it("lists the reaction the client last picked for each property, on this share and this broker's only", async () => {
    const { owner, propertyId, clientId, listingShare, listingPath, propertyShare } = await sharedWorld()
    const secondId = await createPropertyVia(owner.browser, { title: 'Garden house' })
    const quietId = await createPropertyVia(owner.browser, { title: 'Quiet loft' })
    for (const id of [secondId, quietId]) await owner.browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId: id })
    const share = await resolveLiveShare(listingShare)
    expect(share).not.toBeNull()
    expect(await listPickedReactions(share!)).toEqual({})

    // The client changes their mind on the first property (the last pick stands, and a later
    // comment without a reaction leaves it), says no to the second, and only comments on the third.
    const client = new TestBrowser()
    const posts: Record<string, string>[] = [
      { propertyId, reaction: 'not_for_me' },
      { propertyId, reaction: 'interested' },
      { propertyId, reaction: '', comment: 'When can we visit?' },
      { propertyId: secondId, reaction: 'not_for_me' },
      { propertyId: quietId, reaction: '', comment: 'Is it really quiet?' },
    ]
    for (const form of posts) {
      expect((await client.post(listingPath, form)).status, JSON.stringify(form)).toBe(303)
    }
    const picked = { [propertyId]: 'interested', [secondId]: 'not_for_me' }
    expect(await listPickedReactions(share!)).toEqual(picked)
    // The share page shows the picks as pressed buttons, from the server (it has no script).
    const page = await (await client.get(listingPath)).text()
    expect(page.match(/aria-pressed="true"/g)).toHaveLength(2)

    // A second link to the same shortlist starts with no picks, and its picks stay its own.
    const secondShare = await resolveLiveShare(await createShare(owner.browser, 'client_listing', clientId))
    expect(await listPickedReactions(secondShare!)).toEqual({})
    await new TestBrowser().post(`/client-listing/${secondShare!.id}`, { propertyId, reaction: 'not_for_me' })
    expect(await listPickedReactions(secondShare!)).toEqual({ [propertyId]: 'not_for_me' })
    expect(await listPickedReactions(share!)).toEqual(picked)

    // Another broker's share with picks of its own; and this share's id under the wrong broker,
    // the wrong client or on a property link gets nothing.
    const other = await sharedWorld()
    await new TestBrowser().post(other.listingPath, { propertyId: other.propertyId, reaction: 'interested' })
    const otherShare = await resolveLiveShare(other.listingShare)
    expect(await listPickedReactions(otherShare!)).toEqual({ [other.propertyId]: 'interested' })
    expect(await listPickedReactions(share!)).toEqual(picked)
    expect(await listPickedReactions({ ...share!, ownerId: other.owner.ownerId })).toEqual({})
    expect(await listPickedReactions({ ...share!, clientId: other.clientId })).toEqual({})
    expect(await listPickedReactions({ ...otherShare!, id: listingShare })).toEqual({})
    expect(await listPickedReactions((await resolveLiveShare(propertyShare))!)).toEqual({})
  })

  it('pins the limits and durations to what their names say', () => {
    expect([FEEDBACK_LIMIT_PER_IP_PER_15_MIN, FEEDBACK_IP_WINDOW_SECONDS]).toEqual([10, 15 * 60])
    expect([FEEDBACK_LIMIT_PER_SHARE_PER_HOUR, FEEDBACK_SHARE_WINDOW_SECONDS]).toEqual([20, 60 * 60])
    expect(VISITOR_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60)
  })

  it('limits feedback per IP (10 per 15 min) and per share (20 per hour) with a 429', async () => {
    const { clientId, propertyId, listingPath } = await sharedWorld()
    const sameIp = new TestBrowser()
    for (let i = 0; i < 10; i++) expect((await sameIp.post(listingPath, { propertyId, reaction: 'interested' })).status).toBe(303)
    const limited = await sameIp.post(listingPath, { propertyId, reaction: 'interested', comment: 'Kept after refusal' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    const html = await limited.text()
    expect(html).toContain('Too much feedback from here at once.')
    expect(html).toContain('Kept after refusal')

    for (let i = 0; i < 10; i++) expect((await new TestBrowser().post(listingPath, { propertyId, reaction: 'not_for_me' })).status).toBe(303)
    expect((await new TestBrowser().post(listingPath, { propertyId, reaction: 'not_for_me' })).status).toBe(429)
    expect(await feedbackOf(clientId)).toHaveLength(20)
  })
})
