import { writeFile } from 'node:fs/promises'
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import sharp from 'sharp'
import type { E2EDatabase } from './db.ts'

/** A test photo: its size tells it apart on the page (<img width height> are the stored sizes). */
export type TestPhoto = { path: string; name: string; width: number; height: number }

/**
 * Real JPEGs made with sharp, one flat colour each, written under this test's output folder
 * (test-results/…), ready for `setInputFiles`. Give each a different size to tell them apart.
 */
export async function makePhotos(
  testInfo: TestInfo,
  specs: { name: string; width: number; height: number; colour: string }[],
): Promise<TestPhoto[]> {
  return Promise.all(
    specs.map(async ({ name, width, height, colour }) => {
      const path = testInfo.outputPath(name)
      const jpeg = await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer()
      await writeFile(path, jpeg)
      return { path, name, width, height }
    }),
  )
}

/** A file with a photo's name that is not an image (an HTML page), for the upload refusal. */
export async function makeFakePhoto(testInfo: TestInfo, name = 'photo.jpg') {
  const path = testInfo.outputPath(name)
  await writeFile(path, '<!doctype html><html><body><h1>Not a photo</h1></body></html>\n')
  return path
}

export type InsertedProperty = {
  title: string
  city?: string
  status?: 'draft' | 'active' | 'under_offer' | 'sold' | 'rented' | 'off_market'
  bedrooms?: number
  /** In m². */
  builtArea?: number
}

/**
 * Inserts residential apartments for sale straight into the database, one statement each (the
 * plan-limit trigger runs per row and refuses the one past the limit). Returns their ids.
 */
export async function insertProperties(db: E2EDatabase, email: string, listings: InsertedProperty[]) {
  const ids: string[] = []
  for (const { title, city = null, status = 'draft', bedrooms = null, builtArea = null } of listings) {
    const [row] = await db.sql<{ id: string }[]>`
      insert into properties (owner_id, category, type, purpose, title, city, status, bedrooms, built_area)
      values (
        (select id from users where lower(email) = lower(${email})),
        'residential', 'apartment', 'sale', ${title}, ${city}, ${status}::property_status, ${bedrooms}, ${builtArea}
      )
      returning id`
    if (!row) throw new Error(`insertProperties: nothing inserted for ${email}`)
    ids.push(row.id)
  }
  return ids
}

export async function countProperties(db: E2EDatabase, email: string): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`
    select count(*)::int as count from properties p join users u on u.id = p.owner_id
     where lower(u.email) = lower(${email})`
  return row?.count ?? 0
}

/** The property's photos, not counting those in the trash (a deleted photo stays there 30 days). */
export async function countPhotos(db: E2EDatabase, propertyId: string): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`
    select count(*)::int as count from property_photos where property_id = ${propertyId} and deleted_at is null`
  return row?.count ?? 0
}

/** The id in /property/{id} (or /property/{id}/…) of the current page. */
export function propertyIdFrom(page: Page): string {
  const match = /\/property\/([0-9a-f-]{36})(?:\/|$)/.exec(new URL(page.url()).pathname)
  if (!match?.[1]) throw new Error(`No property id in ${page.url()}`)
  return match[1]
}

export const PROPERTY_URL = /\/property\/[0-9a-f-]{36}$/

/** The "Photos (n / 40)" card of /property/{id}/media. */
export function photosCard(page: Page): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: /^Photos \(/ }) })
}

/** The photo rows of the media page, in their order. */
export function mediaPhotoRows(page: Page): Locator {
  return photosCard(page).getByRole('listitem')
}

/**
 * Checks the order of the photos on the media page by their sizes (each test photo has its own),
 * and that only the first row is marked as the cover.
 */
export async function expectMediaPhotoOrder(page: Page, photos: TestPhoto[]) {
  const rows = mediaPhotoRows(page)
  await expect(rows).toHaveCount(photos.length)
  for (const [index, photo] of photos.entries()) {
    const image = rows.nth(index).getByRole('img')
    await expect(image, `photo ${index + 1} should be ${photo.name}`).toHaveAttribute('width', String(photo.width))
    await expect(image, `photo ${index + 1} should be ${photo.name}`).toHaveAttribute('height', String(photo.height))
  }
  await expect(rows.nth(0).getByText('Cover', { exact: true })).toBeVisible()
  await expect(photosCard(page).getByText('Cover', { exact: true })).toHaveCount(1)
}

/** The new/edit property form: fills what is given, by the labels a broker reads. */
export type PropertyFormInput = {
  Title?: string
  Type?: string
  Purpose?: string
  Price?: string
  Currency?: string
  City?: string
  Area?: string
  Bedrooms?: string
  Tags?: string
  Status?: string
}

const SELECTS = new Set(['Type', 'Purpose', 'Status'])

export async function fillPropertyForm(page: Page, values: PropertyFormInput) {
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue
    const control = page.getByLabel(field, { exact: true })
    // The currency select's options are "EUR — Euro": chosen by their code.
    if (field === 'Currency') await control.selectOption(value.toUpperCase())
    else if (SELECTS.has(field)) await control.selectOption({ label: value })
    else await control.fill(value)
  }
}

/** The new/edit property form, found by its submit button ("Create property", "Save property"). */
export function propertyForm(page: Page, submitLabel: string): Locator {
  return page.locator('form').filter({ has: page.getByRole('button', { name: submitLabel, exact: true }) })
}

/**
 * With JavaScript, waits until the property form is hydrated: Conform then turns the browser's
 * own checks off (`novalidate`) and validates itself. Without JavaScript there is nothing to wait for.
 */
export async function propertyFormReady(form: Locator, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(form).toHaveAttribute('novalidate', '')
}

/**
 * Lets invalid values reach validation: with JavaScript, Conform's (once hydrated); without it,
 * the server's, by switching off the browser's own checks (required) that would stop the
 * submission first.
 */
export async function letServerSeeInvalidValues(form: Locator, javaScriptEnabled: boolean) {
  await propertyFormReady(form, javaScriptEnabled)
  if (!javaScriptEnabled) {
    await form.evaluate((element: HTMLFormElement) => {
      element.noValidate = true
    })
  }
}
