import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { dealCard, insertClient, insertDeal, pageReady } from './support/clients.ts'
import { insertProperties } from './support/properties.ts'

const PHONE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

/** Every app page a broker works on: Deals must be one tap away from each. */
function appPages(ids: { propertyId: string; clientId: string; dealId: string }) {
  return [
    '/home',
    '/properties',
    '/clients',
    '/public-properties',
    '/profile',
    '/profile/security',
    '/notifications',
    '/property/type-selection',
    `/property/${ids.propertyId}`,
    `/property/${ids.propertyId}/edit`,
    `/property/${ids.propertyId}/media`,
    `/client/${ids.clientId}`,
    `/client/${ids.clientId}/listing`,
    `/deal/${ids.dealId}`,
  ]
}

async function brokerWithADeal(page: Parameters<typeof signUpAndSignIn>[0], db: Parameters<typeof insertClient>[0]) {
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Nav Flat' }])
  const clientId = await insertClient(db, broker.email, { fullName: 'Nav Client' })
  const dealId = await insertDeal(db, broker.email, clientId, { title: 'Nav Deal', value: 250000 })
  return { propertyId: propertyId!, clientId, dealId }
}

test.describe('Deals in the navigation', () => {
  test('phones: the bottom bar keeps its five items; Deals is in the header of every app page', async ({ page, db, javaScriptEnabled }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(PHONE)
    const ids = await brokerWithADeal(page, db)
    const deals = page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Deals' })

    for (const path of appPages(ids)) {
      await page.goto(path)
      await pageReady(page, javaScriptEnabled)
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('a'), path).toHaveText(['Public', 'Properties', 'Home', 'Clients', 'Profile'])
      if (path.startsWith('/deal/')) continue
      await expect(deals, path).toBeVisible()
      await expect(deals, path).toBeInViewport()
    }

    // From the bottom of a long page, one tap: the header stays.
    await page.goto(`/property/${ids.propertyId}`)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(deals).toBeInViewport()
    await deals.click()
    await expect(page).toHaveURL(/\/deals$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()
    const current = page.getByRole('navigation', { name: 'More' }).locator('[aria-current="page"]')
    await expect(current).toHaveText('Deals')
    await expect(current).not.toHaveAttribute('href')
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(0)

    // A deal's own page is in Deals too.
    await page.goto(`/deal/${ids.dealId}`)
    await expect(current).toHaveText('Deals')
  })

  test('wide screens: Deals is in the top bar and highlighted on /deals; the stage select shows whole stage names', async ({ page, db }) => {
    await page.setViewportSize(DESKTOP)
    const ids = await brokerWithADeal(page, db)
    const bar = page.getByRole('navigation', { name: 'Main' })
    await expect(bar.locator('a')).toHaveText(['Public', 'Properties', 'Home', 'Clients', 'Deals', 'Agenda', 'Profile'])
    await bar.getByRole('link', { name: 'Deals' }).click()
    await expect(page).toHaveURL(/\/deals$/)
    await expect(bar.locator('[aria-current="page"]')).toHaveText('Deals')
    await expect(page.getByRole('navigation', { name: 'More' })).toBeHidden()

    for (const stage of ['Under contract', 'Closed – won', 'Closed – lost']) {
      const select = dealCard(page, ids.dealId).getByLabel('Stage', { exact: true })
      await select.selectOption({ label: stage })
      const { width, needed } = await select.evaluate((element: HTMLSelectElement) => {
        // The chosen stage's name in the select's own font, plus its padding and the arrow.
        const style = getComputedStyle(element)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const text = context.measureText(element.selectedOptions[0]!.text).width
        return { width: element.clientWidth, needed: text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16 }
      })
      expect(width, stage).toBeGreaterThanOrEqual(needed)
      // The Move button stays whole too, inside the card.
      const card = await dealCard(page, ids.dealId).boundingBox()
      const button = await dealCard(page, ids.dealId).getByRole('button', { name: 'Move' }).boundingBox()
      expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width)
    }
  })
})
