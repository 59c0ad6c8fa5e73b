import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { insertShare } from './support/a11y.ts'
import { insertClient, insertListingItem, pageReady, resetLoopbackFeedbackLimit } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

const THANK_YOU = 'Thank you! Your feedback has been sent to your broker.'

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test.describe(`notifications at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test("a client's reaction shows as unread in the header, then read once the page has shown it", async ({ page, db, browser, javaScriptEnabled }) => {
      test.setTimeout(90_000)
      const broker = await signUpAndSignIn(page)
      const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Belém riverside flat', city: 'Lisbon', status: 'active' }])
      const clientId = await insertClient(db, broker.email, { fullName: 'Ana Pereira' })
      await insertListingItem(db, broker.email, clientId, propertyId!)
      const shareId = await insertShare(db, broker.email, { clientId })
      const bell = page.getByTestId('notifications-link').filter({ visible: true })
      await expect(bell).toHaveAccessibleName('Notifications')
      await expect(page.getByTestId('unread-count').filter({ visible: true })).toHaveCount(0)

      // The client, on the share page (no session, no JavaScript there either way).
      await resetLoopbackFeedbackLimit(db)
      const clientContext = await browser.newContext({ viewport: { width, height: 800 } })
      try {
        const phone = await clientContext.newPage()
        await phone.goto(`/client-listing/${shareId}`)
        const form = phone.getByRole('form', { name: 'Your feedback on Belém riverside flat' })
        await form.getByLabel('Comment (optional)', { exact: true }).fill('Can we visit on Saturday?')
        await form.getByRole('button', { name: 'Interested', exact: true }).click()
        await expectToast(phone, THANK_YOU)
      } finally {
        await clientContext.close()
      }

      // Unread: the badge on any page, in the bell's name too.
      await page.goto('/properties')
      await pageReady(page, javaScriptEnabled)
      await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
      await expect(page.getByTestId('unread-count').filter({ visible: true })).toHaveText('1')

      await bell.click()
      await expect(page).toHaveURL(/\/notifications$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
      const list = page.getByRole('list', { name: 'Notifications' })
      const item = list.getByRole('listitem').first()
      await expect(item.getByText('New', { exact: true })).toBeVisible()
      await expect(item.getByText('Client feedback')).toBeVisible()
      await expect(item.getByText('“Can we visit on Saturday?”')).toBeVisible()
      // Seen is read: the header no longer counts it, on this page already.
      // (The current page's link is inert: its name is read from the attribute.)
      await expect(bell).toHaveAttribute('aria-label', 'Notifications')
      await expect(bell).toHaveAttribute('aria-current', 'page')
      await expect(page.getByTestId('unread-count').filter({ visible: true })).toHaveCount(0)
      await expectNoSidewaysScroll(page, '/notifications')

      // Read: no longer "New", and the link leads to the shortlist.
      await page.reload()
      await expect(item.getByText('New', { exact: true })).toHaveCount(0)
      await item.getByRole('link', { name: 'Ana Pereira: Interested in Belém riverside flat' }).click()
      await expect(page).toHaveURL(`/client/${clientId}/listing`)
      await expect(page.getByTestId('unread-count').filter({ visible: true })).toHaveCount(0)
    })

    test('another broker sees none of it, and "No notifications yet" says what will show there', async ({ page, db }) => {
      const broker = await signUpAndSignIn(page)
      await db.sql`
        insert into notifications (owner_id, kind, summary, href)
        select id, 'export_ready', 'Not yours', '/profile/data' from users where lower(email) <> lower(${broker.email}) limit 1`
      await page.goto('/notifications')
      await expect(page.getByRole('heading', { level: 2, name: 'No notifications yet' })).toBeVisible()
      await expect(page.getByText('Not yours')).toHaveCount(0)
      await expectNoSidewaysScroll(page, '/notifications, empty')
    })
  })
}
