import { expect, expectToast, makeBroker, signUp, signUpAndSignIn, test } from './support/fixtures.ts'
import {
  countPhotos,
  countProperties,
  expectMediaPhotoOrder,
  fillPropertyForm,
  insertProperties,
  letServerSeeInvalidValues,
  makeFakePhoto,
  makePhotos,
  mediaPhotoRows,
  photosCard,
  propertyForm,
  propertyFormReady,
  PROPERTY_URL,
  propertyIdFrom,
} from './support/properties.ts'

test.describe('properties', () => {
  test('add, photograph, reorder, change status, filter, edit twice and delete a property', async ({ page, db, javaScriptEnabled }, testInfo) => {
    test.setTimeout(120_000)
    const broker = await signUpAndSignIn(page)
    await db.setPlan(broker.email, 'starter')
    const [red, green, blue] = await makePhotos(testInfo, [
      { name: 'red.jpg', width: 1600, height: 1200, colour: '#c33' },
      { name: 'green.jpg', width: 1200, height: 1600, colour: '#3a7' },
      { name: 'blue.jpg', width: 1500, height: 1000, colour: '#36c' },
    ])
    if (!red || !green || !blue) throw new Error('makePhotos made too few photos')

    // The empty list.
    await page.goto('/properties')
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible()
    await expect(page.getByText('Your plan holds up to 25 properties.', { exact: false })).toBeVisible()
    await expect(page.getByRole('search', { name: 'Filter properties' })).toHaveCount(0)

    // Choose the category, then fill the form.
    await page.getByRole('link', { name: 'Add property', exact: true }).click()
    await expect(page).toHaveURL(/\/property\/type-selection$/)
    await expect(page.getByRole('heading', { level: 1, name: 'What kind of property?' })).toBeVisible()
    await page.getByRole('link', { name: /^Residential/ }).click()
    await expect(page).toHaveURL(/\/property\/new\/residential$/)
    await expect(page.getByRole('heading', { level: 1, name: 'New residential property' })).toBeVisible()

    const title = 'Harbour View Apartment'
    await propertyFormReady(propertyForm(page, 'Create property'), javaScriptEnabled)
    await fillPropertyForm(page, {
      Title: title,
      Type: 'Apartment',
      Purpose: 'For sale',
      Price: '450000',
      Currency: 'EUR',
      City: 'Lisbon',
      Area: 'Alfama',
      Bedrooms: '3',
      Tags: 'Sea view, renovated',
      Status: 'Active',
    })
    await page.getByRole('button', { name: 'Create property' }).click()

    await expect(page).toHaveURL(PROPERTY_URL)
    const id = propertyIdFrom(page)
    await expectToast(page, 'Property created.')
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('€450,000', { exact: true })).toBeVisible()
    const facts = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Facts' }) })
    await expect(facts.getByRole('definition')).toHaveText(['Alfama, Lisbon', '3', 'sea view, renovated'])
    await expect(page.getByText('No photos yet.')).toBeVisible()

    // Photos: three at once, in the order chosen; the first is the cover.
    await page.getByRole('link', { name: 'Photos and documents' }).click()
    await expect(page).toHaveURL(`/property/${id}/media`)
    await expect(page.getByRole('heading', { level: 1, name: 'Photos and documents' })).toBeVisible()
    await expect(photosCard(page).getByRole('heading', { name: 'Photos (0 / 40)' })).toBeVisible()
    await page.getByLabel('Add photos', { exact: true }).setInputFiles([red.path, green.path, blue.path])
    await page.getByRole('button', { name: 'Upload photos' }).click()
    await expectToast(page, 'Added 3 photos.')
    await expect(photosCard(page).getByRole('heading', { name: 'Photos (3 / 40)' })).toBeVisible()
    await expectMediaPhotoOrder(page, [red, green, blue])
    await expect(mediaPhotoRows(page).nth(0).getByRole('button', { name: 'Move up' })).toBeDisabled()
    await expect(mediaPhotoRows(page).nth(0).getByRole('button', { name: 'Set as cover' })).toHaveCount(0)
    await expect(mediaPhotoRows(page).nth(2).getByRole('button', { name: 'Move down' })).toBeDisabled()

    // Move the third up: red, blue, green.
    await mediaPhotoRows(page).nth(2).getByRole('button', { name: 'Move up' }).click()
    await expectToast(page, 'Photo moved up.')
    await expectMediaPhotoOrder(page, [red, blue, green])

    // Green as the cover: it goes first, the others keep their order.
    await mediaPhotoRows(page).nth(2).getByRole('button', { name: 'Set as cover' }).click()
    await expectToast(page, 'Cover photo set.')
    await expectMediaPhotoOrder(page, [green, red, blue])

    // A caption on the cover; it becomes the photo's alt text.
    const caption = 'Sunny living room with a harbour view'
    await mediaPhotoRows(page).nth(0).getByLabel('Caption', { exact: true }).fill(caption)
    await mediaPhotoRows(page).nth(0).getByRole('button', { name: 'Save caption' }).click()
    await expectToast(page, 'Caption saved.')
    await expect(mediaPhotoRows(page).nth(0).getByRole('img', { name: caption })).toBeVisible()
    await expect(mediaPhotoRows(page).nth(0).getByLabel('Caption', { exact: true })).toHaveValue(caption)
    await expectMediaPhotoOrder(page, [green, red, blue])
    expect(await countPhotos(db, id)).toBe(3)

    // The property page's gallery: sized and responsive; its first row (up to four) loads at once.
    await page.getByRole('link', { name: `Back to ${title}` }).click()
    await expect(page).toHaveURL(`/property/${id}`)
    const gallery = page.getByRole('list', { name: 'Photos' })
    const images = gallery.locator('img')
    await expect(images).toHaveCount(3)
    const expected = [
      { photo: green, alt: caption, loading: 'eager', srcset: /^\/media\/[0-9a-f-]{36}\/thumb\/[\w-]{12}\.webp 320w, \/media\/[0-9a-f-]{36}\/medium\/[\w-]{12}\.webp 640w, \/media\/[0-9a-f-]{36}\/large\/[\w-]{12}\.webp 1200w$/ },
      { photo: red, alt: `${title}, photo 2`, loading: 'eager', srcset: /^\/media\/[0-9a-f-]{36}\/thumb\/[\w-]{12}\.webp 320w, \/media\/[0-9a-f-]{36}\/medium\/[\w-]{12}\.webp 640w, \/media\/[0-9a-f-]{36}\/large\/[\w-]{12}\.webp 1280w$/ },
      { photo: blue, alt: `${title}, photo 3`, loading: 'eager', srcset: /^\/media\/[0-9a-f-]{36}\/thumb\/[\w-]{12}\.webp 320w, \/media\/[0-9a-f-]{36}\/medium\/[\w-]{12}\.webp 640w, \/media\/[0-9a-f-]{36}\/large\/[\w-]{12}\.webp 1280w$/ },
    ]
    for (const [index, { photo, alt, loading, srcset }] of expected.entries()) {
      const image = images.nth(index)
      await expect(image).toHaveAttribute('width', String(photo.width))
      await expect(image).toHaveAttribute('height', String(photo.height))
      await expect(image).toHaveAttribute('srcset', srcset)
      await expect(image).toHaveAttribute('sizes', /vw/)
      await expect(image).toHaveAttribute('loading', loading)
      await expect(image).toHaveAttribute('alt', alt)
    }
    await expect(gallery.getByRole('img', { name: caption })).toBeVisible()
    // The files behind the gallery are served: WebP variants for the signed-in owner.
    const coverSrc = await images.nth(0).getAttribute('src')
    expect(coverSrc).toMatch(/^\/media\/[0-9a-f-]{36}\/medium\/[\w-]{12}\.webp$/)
    const cover = await page.request.get(coverSrc!)
    expect(cover.status()).toBe(200)
    expect(cover.headers()['content-type']).toBe('image/webp')
    // A private listing's photo: immutable, but only for the owner's browser (docs/decisions/028).
    expect(cover.headers()['cache-control']).toBe('private, max-age=31536000, immutable')

    // The status form.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Under offer' })
    await page.getByRole('button', { name: 'Set status' }).click()
    await expectToast(page, 'Status set to Under offer.')
    await expect(page).toHaveURL(`/property/${id}`)
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('under_offer')
    const summary = page.locator('p').filter({ hasText: '€450,000' })
    await expect(summary.getByText('Under offer', { exact: true })).toBeVisible()

    // Another listing, so the filters have something to leave out.
    const other = 'Quiet Garden Cottage'
    await insertProperties(db, broker.email, [{ title: other, city: 'Porto', status: 'active' }])

    // The list, and its GET filters.
    await page.goto('/properties')
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([other, title])
    const card = cards.filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    await expect(card).toContainText('Under offer')
    await expect(card).toContainText('€450,000')
    await expect(card).toContainText('Alfama, Lisbon')
    // The card shows the cover photo.
    await expect(card.locator('img')).toHaveAttribute('width', String(green.width))

    const filters = page.getByRole('search', { name: 'Filter properties' })
    await filters.getByLabel('Search', { exact: true }).fill('harbour')
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/properties' && url.searchParams.get('q') === 'harbour')
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([title])
    await expect(page.getByText('1 property', { exact: true })).toBeVisible()
    await expect(filters.getByLabel('Search', { exact: true })).toHaveValue('harbour')

    await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'Under offer' })
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('q') === 'harbour' && url.searchParams.get('status') === 'under_offer',
    )
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([title])
    await expect(filters.getByLabel('Status', { exact: true })).toHaveValue('under_offer')

    // The status alone: only the listing under offer.
    await filters.getByLabel('Search', { exact: true }).fill('')
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === '' && url.searchParams.get('status') === 'under_offer')
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([title])

    // A search that matches nothing.
    await filters.getByLabel('Search', { exact: true }).fill('penthouse')
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'penthouse')
    await expect(page.getByRole('heading', { name: 'No properties match these filters' })).toBeVisible()
    await expect(cards).toHaveCount(0)
    await page.getByRole('link', { name: 'Clear the filters' }).click()
    await expect(page).toHaveURL(/\/properties$/)
    await expect(cards).toHaveCount(2)

    // Edit through /property/{id}/edit.
    await cards.filter({ has: page.getByRole('heading', { level: 2, name: title }) }).getByRole('link').click()
    await expect(page).toHaveURL(`/property/${id}`)
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await expect(page).toHaveURL(`/property/${id}/edit`)
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${title}` })).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('under_offer')
    await propertyFormReady(propertyForm(page, 'Save property'), javaScriptEnabled)
    const renamed = 'Harbour View Apartment with Terrace'
    await page.getByLabel('Title', { exact: true }).fill(renamed)
    await page.getByRole('button', { name: 'Save property' }).click()
    // Saving stays on the edit page (reachable even with an expired trial), with the toast.
    await expect(page).toHaveURL(`/property/${id}/edit`)
    await expectToast(page, 'Property saved.')
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${renamed}` })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the property' }).click()
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
    // Saving the form keeps what it did not change: the status and the photos.
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('under_offer')
    await expect(gallery.locator('img')).toHaveCount(3)

    // Edit again through the other reading of the path, /property/edit/{id}.
    await page.goto(`/property/edit/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${renamed}` })).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(renamed)
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('450000')
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('EUR')
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Lisbon')
    await expect(page.getByLabel('Area', { exact: true })).toHaveValue('Alfama')
    await expect(page.getByLabel('Bedrooms', { exact: true })).toHaveValue('3')
    await expect(page.getByLabel('Tags', { exact: true })).toHaveValue('sea view, renovated')
    await propertyFormReady(propertyForm(page, 'Save property'), javaScriptEnabled)
    await fillPropertyForm(page, { Price: '475000', Bedrooms: '4' })
    await page.getByRole('button', { name: 'Save property' }).click()
    await expect(page).toHaveURL(`/property/edit/${id}`)
    await expectToast(page, 'Property saved.')
    await page.getByRole('link', { name: 'Back to the property' }).click()
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
    await expect(page.getByText('€475,000', { exact: true })).toBeVisible()
    await expect(facts.getByRole('definition')).toHaveText(['Alfama, Lisbon', '4', 'sea view, renovated'])

    // Delete: the box must be ticked first.
    await page.getByText('Delete property', { exact: true }).click()
    await page.getByLabel('I understand, delete it').check()
    await page.getByRole('button', { name: 'Move to trash' }).click()
    await expect(page).toHaveURL(/\/properties$/)
    await expectToast(page, `Moved ${renamed} to the trash. Restore it from the Trash within 30 days.`)
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([other])
    await expect(page.getByText('1 / 25 properties', { exact: true })).toBeVisible()
    // In the trash with its photos until restored or deleted for good (issue 25).
    const [trashed] = await db.sql<{ trashed: boolean }[]>`select deleted_at is not null as trashed from properties where id = ${id}`
    expect(trashed?.trashed).toBe(true)
    expect(await countPhotos(db, id)).toBe(3)

    const gone = await page.goto(`/property/${id}`)
    expect(gone?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  })

  test('an empty title and a negative price are refused next to the fields; nothing is created', async ({ page, db, javaScriptEnabled }) => {
    const broker = await signUpAndSignIn(page)
    await page.goto('/property/new/residential')
    await expect(page.getByRole('heading', { level: 1, name: 'New residential property' })).toBeVisible()

    const form = propertyForm(page, 'Create property')
    await propertyFormReady(form, javaScriptEnabled)
    await fillPropertyForm(page, {
      Title: '',
      Type: 'House',
      Purpose: 'For sale',
      Price: '-5',
      Currency: 'GBP',
      City: 'Bristol',
      Area: 'Clifton',
      Bedrooms: '2',
      Tags: 'garden, quiet',
    })
    const title = page.getByLabel('Title', { exact: true })
    const price = page.getByLabel('Price', { exact: true })
    if (!javaScriptEnabled) {
      // Without JavaScript the browser's own check (the required Title) comes first; the
      // server's validation is the one that must hold, so the test lets the values through.
      const invalid = page.locator(':invalid')
      await expect(title.and(invalid)).toHaveCount(1)
      await expect(page.getByLabel('City', { exact: true }).and(invalid)).toHaveCount(0)
    }
    await letServerSeeInvalidValues(form, javaScriptEnabled)
    await page.getByRole('button', { name: 'Create property' }).click()

    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await expect(title).toHaveAccessibleDescription('Title is required')
    await expect(price).toHaveAttribute('aria-invalid', 'true')
    await expect(price).toHaveAccessibleDescription('Price cannot be negative')
    await expect(page.getByText('Title is required', { exact: true })).toBeVisible()
    await expect(page.getByText('Price cannot be negative', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/property\/new\/residential$/)

    // What was typed stays.
    await expect(price).toHaveValue('-5')
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('house')
    await expect(page.getByLabel('Purpose', { exact: true })).toHaveValue('sale')
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('GBP')
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Bristol')
    await expect(page.getByLabel('Area', { exact: true })).toHaveValue('Clifton')
    await expect(page.getByLabel('Bedrooms', { exact: true })).toHaveValue('2')
    await expect(page.getByLabel('Tags', { exact: true })).toHaveValue('garden, quiet')
    // The other fields are not marked.
    await expect(page.getByLabel('City', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')

    expect(await countProperties(db, broker.email)).toBe(0)
    await page.goto('/properties')
    await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible()
  })

  test('a full free trial shows "Your plan is full" with a link to /pricing', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    await insertProperties(
      db,
      broker.email,
      ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => ({ title: `Trial listing ${n}` })),
    )
    // The database itself refuses a sixth.
    await expect(insertProperties(db, broker.email, [{ title: 'Trial listing Six' }])).rejects.toThrow(/property_limit_reached/)
    expect(await countProperties(db, broker.email)).toBe(5)

    await page.goto('/properties')
    await expect(page.getByText('5 / 5 properties', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Add property', exact: true }).click()
    await expect(page).toHaveURL(/\/property\/type-selection$/)

    const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your plan is full' }) })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText('You have 5 of 5 properties your plan allows.')
    await expect(page.getByRole('link', { name: /^Residential/ })).toHaveCount(0)
    const pricing = notice.getByRole('link', { name: 'See plans on the pricing page' })
    await expect(pricing).toHaveAttribute('href', '/pricing')

    // The form's own path shows the notice too, not the form.
    await page.goto('/property/new/residential')
    await expect(page.getByRole('heading', { name: 'Your plan is full' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create property' })).toHaveCount(0)

    await page.getByRole('link', { name: 'See plans on the pricing page' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible()
  })

  test("another broker's property and its media page are 404s", async ({ page, db }) => {
    const owner = await signUp(page, makeBroker('owner'))
    const [id] = await insertProperties(db, owner.email, [{ title: 'Private Riverside Loft', city: 'Ghent' }])
    if (!id) throw new Error('no property inserted')

    await signUpAndSignIn(page, makeBroker('stranger'))
    for (const path of [`/property/${id}`, `/property/${id}/media`, `/property/${id}/edit`, `/property/edit/${id}`]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(page.getByText('Private Riverside Loft')).toHaveCount(0)
    }
    // A form post to the owner's property is a 404 too, and changes nothing.
    const deletion = await page.request.post(`/property/${id}`, { form: { intent: 'delete', confirm: 'yes' } })
    expect(deletion.status()).toBe(404)
    expect(await countProperties(db, owner.email)).toBe(1)
  })

  test('a file that is not an image is refused next to the photo field', async ({ page, db }, testInfo) => {
    const broker = await signUpAndSignIn(page)
    const [id] = await insertProperties(db, broker.email, [{ title: 'Seaside Studio' }])
    if (!id) throw new Error('no property inserted')
    const fake = await makeFakePhoto(testInfo, 'photo.jpg')

    await page.goto(`/property/${id}/media`)
    await expect(page.getByRole('heading', { level: 1, name: 'Photos and documents' })).toBeVisible()
    const field = page.getByLabel('Add photos', { exact: true })
    await field.setInputFiles(fake)
    await page.getByRole('button', { name: 'Upload photos' }).click()

    const message = '“photo.jpg” is not a JPEG, PNG, WebP, AVIF or GIF image.'
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(message)
    await expect(photosCard(page).getByText(message, { exact: true })).toBeVisible()
    await expect(photosCard(page).getByRole('heading', { name: 'Photos (0 / 40)' })).toBeVisible()
    await expect(photosCard(page).getByText('No photos yet.')).toBeVisible()
    expect(await countPhotos(db, id)).toBe(0)
  })
})
