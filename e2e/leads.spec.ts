import { createHmac, randomUUID } from 'node:crypto'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe } from './support/a11y.ts'
import { E2E_INBOUND_MAIL_SECRET } from './support/env.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'

/*
 * Issue 27: a lead that came in by mail, in a real browser with JavaScript on and off, at a
 * phone's width and a desktop's: the owner finds the agency's address on /leads, a portal's
 * mail posted to the webhook lands there, its page shows the mail as text only, and it is
 * discarded as spam and found again under Spam.
 */

function enquiry(address: string, name: string) {
  return [
    'From: "Portal Notices" <no-reply@portal.example>',
    'Reply-To: Carla Mendes <carla.mendes@example.com>',
    `To: ${address}`,
    `Subject: Enquiry ${randomUUID().slice(0, 8)}`,
    `Message-ID: <${randomUUID()}@portal.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Name: ${name}`,
    'Phone: +351 912 000 111',
    'Message: Is the flat still available? <img src=x onerror="document.title=\'pwned\'"> I can visit on Saturday.',
    '',
  ].join('\r\n')
}

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test.describe(`leads at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('a mail to the agency address becomes a lead, shown as text, and is discarded as spam', async ({ page, request, javaScriptEnabled }) => {
      // axe runs in the page: with JavaScript on (the markup is the server's either way).
      const scan = async (what: string) => {
        if (!javaScriptEnabled) return
        await injectAxe(page)
        await expectNoAxeViolations(page, what)
      }
      await signUpAndSignIn(page)
      await page.getByRole('link', { name: 'Leads' }).filter({ visible: true }).first().click()
      await expect(page).toHaveURL(/\/leads$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
      const address = (await page.getByTestId('lead-address').textContent())?.trim() ?? ''
      expect(address).toMatch(/^leads\+[a-z2-7]{16}@leads\.example\.test$/)
      await expectNoSidewaysScroll(page, '/leads')
      await scan('/leads')

      const name = `Carla Mendes ${randomUUID().slice(0, 6)}`
      const body = Buffer.from(enquiry(address, name))
      const posted = await request.post('/webhooks/inbound-mail', {
        data: body,
        headers: {
          'Content-Type': 'message/rfc822',
          'X-Inbound-Signature': `sha256=${createHmac('sha256', E2E_INBOUND_MAIL_SECRET).update(body).digest('hex')}`,
        },
      })
      expect(posted.status()).toBe(200)

      await page.reload()
      const item = page.getByTestId('lead-item').filter({ hasText: name })
      await expect(item).toBeVisible()
      await expect(item).toContainText('E-mail')
      await expect(item).toContainText('just now')
      await item.getByRole('link', { name }).click()

      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByRole('link', { name: 'carla.mendes@example.com' })).toHaveAttribute('href', 'mailto:carla.mendes@example.com')
      await expect(page.getByRole('link', { name: '+351 912 000 111' })).toHaveAttribute('href', 'tel:+351912000111')
      // The markup in the mail is words on the page, never an element.
      await expect(page.getByTestId('lead-original')).toContainText('<img src=x onerror=')
      await expect(page.locator('img[src="x"]')).toHaveCount(0)
      expect(await page.title()).not.toBe('pwned')
      await expectNoSidewaysScroll(page, 'the lead page')
      await scan('the lead page')

      await page.getByRole('button', { name: 'Discard as spam' }).click()
      await expect(page).toHaveURL(/\/leads$/)
      await expectToast(page, 'Lead discarded as spam.')
      await expect(page.getByTestId('lead-item').filter({ hasText: name })).toHaveCount(0)
      await page.getByRole('link', { name: 'Spam', exact: true }).click()
      await expect(page.getByTestId('lead-item').filter({ hasText: name })).toContainText('Discarded')
    })

    test('a lead is claimed, answered from a template and made a client (docs/decisions/037)', async ({ page, request, javaScriptEnabled }) => {
      await signUpAndSignIn(page)
      await page.goto('/leads')
      const address = (await page.getByTestId('lead-address').textContent())?.trim() ?? ''
      const name = `Carla Mendes ${randomUUID().slice(0, 6)}`
      const body = Buffer.from(enquiry(address, name))
      const posted = await request.post('/webhooks/inbound-mail', {
        data: body,
        headers: {
          'Content-Type': 'message/rfc822',
          'X-Inbound-Signature': `sha256=${createHmac('sha256', E2E_INBOUND_MAIL_SECRET).update(body).digest('hex')}`,
        },
      })
      expect(posted.status()).toBe(200)
      await page.reload()
      await page.getByTestId('lead-item').filter({ hasText: name }).getByRole('link', { name }).click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

      await page.getByRole('button', { name: 'Claim this lead' }).click()
      await expectToast(page, 'You claimed this lead: it is yours.')
      await expect(page.getByTestId('lead-status')).toHaveText('Claimed')
      await expect(page.getByTestId('lead-owner')).toHaveText('You')

      // A template chosen by a plain GET form fills the reply; WhatsApp opens with the same words.
      await page.getByLabel('Template').selectOption({ label: 'Offer a viewing' })
      await page.getByRole('button', { name: 'Use this template' }).click()
      await expect(page.getByLabel('Subject')).toHaveValue('A viewing of the property you asked about')
      await expect(page.getByLabel('Message')).toHaveValue(/^Hello Carla,\n\nThank you for your interest/)
      await expect(page.getByTestId('lead-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/351912000111\?text=Hello%20Carla%2C/)
      await page.getByLabel('Message').fill('Hello Carla,\n\nSaturday at 10 suits me. See you there.')
      await page.getByRole('button', { name: 'Send the reply' }).click()
      await expectToast(page, 'Reply sent.')
      await expect(page.getByTestId('lead-conversation')).toContainText('Saturday at 10 suits me.')
      await expectNoSidewaysScroll(page, 'the lead page with its conversation')
      if (javaScriptEnabled) {
        await injectAxe(page)
        await expectNoAxeViolations(page, 'the lead page with its forms')
      }

      await page.getByRole('button', { name: 'Make a client' }).click()
      await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}$/)
      await expectToast(page, 'Lead converted to a client.')
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByTestId('lead-conversation')).toContainText('Saturday at 10 suits me.')
      await expectNoSidewaysScroll(page, 'the client page')

      await page.goto('/leads/templates')
      await expect(page.getByRole('heading', { level: 1, name: 'Reply templates' })).toBeVisible()
      await expectNoSidewaysScroll(page, '/leads/templates')
      if (javaScriptEnabled) {
        await injectAxe(page)
        await expectNoAxeViolations(page, '/leads/templates')
      }
    })
  })
}
