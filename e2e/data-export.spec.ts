import { readFile } from 'node:fs/promises'
import yauzl from 'yauzl'
import { expect, signUpAndSignIn, test } from './support/fixtures.ts'

/** data.json of a zip, read with yauzl. */
function readDataJson(buffer: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'data.json') return zip.readEntry()
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        })
      })
      zip.on('end', () => reject(new Error('no data.json in the zip')))
      zip.readEntry()
    })
  })
}

test('"Export my data" in the profile Data section downloads a zip of the account', async ({ page }) => {
  const broker = await signUpAndSignIn(page)
  await page.goto('/profile/data')
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible()
  const card = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Export my data' }) })
  const downloading = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Export my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^brokervault-export-\d{4}-\d{2}-\d{2}\.zip$/)
  const bytes = await readFile((await download.path())!)
  expect(bytes.length).toBeGreaterThan(0)
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'))
  const data = JSON.parse(await readDataJson(bytes)) as { tables: { users: { email: string }[] } }
  expect(data.tables.users.map((user) => user.email)).toEqual([broker.email])
  // The page stays where it was: a download, not a navigation.
  await expect(page).toHaveURL(/\/profile\/data$/)
})
