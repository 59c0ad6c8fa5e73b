import { expect, test } from './support/fixtures.ts'
import { type ServerProcess, freePort, signedInJar, startServerProcess } from '#tests/support/server-process.ts'
import { TcpProxy } from '#tests/support/tcp-proxy.ts'
import { E2E_DATABASE_URL } from './support/env.ts'
import { conformFormReady, fillClientForm, formWithButton, pageReady } from './support/clients.ts'

// This spec runs a server of its own (`node server.mjs` on the build) whose database sits behind
// a TCP proxy the test cuts and restores; the suite's shared server is not touched.
const UNAVAILABLE = 'BrokerVault is temporarily unavailable. Nothing was lost; try again in a moment.'
const NOTHING_SAVED =
  'BrokerVault is temporarily unavailable. Nothing was saved: in a moment, go back and what you typed is still there to send again.'
// With JavaScript the form was replaced in place, so the screen does not promise Back.
const NOTHING_SAVED_IN_APP = 'BrokerVault is temporarily unavailable. Nothing was saved; try again in a moment.'

let proxy: TcpProxy
let server: ServerProcess

test.beforeAll(async () => {
  const database = new URL(E2E_DATABASE_URL)
  proxy = new TcpProxy(await freePort(), { host: database.hostname, port: Number(database.port || 5432) })
  await proxy.start()
  database.hostname = '127.0.0.1'
  database.port = String(proxy.port)
  server = await startServerProcess({ DATABASE_URL: database.toString() })
  await server.waitUntilHealthy()
})

test.afterAll(async () => {
  await server?.dispose()
  await proxy?.cut()
})

test('a database outage shows the 503 page, keeps the session, and nothing typed is lost to a redirect', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000)
  const jar = await signedInJar(server.url)
  await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: server.url })))

  // Any page during the outage: the 503 screen, never the sign-in page; after it, the same session.
  await page.goto(`${server.url}/home`)
  await pageReady(page, javaScriptEnabled)
  await proxy.cut()
  try {
    await page.getByRole('link', { name: 'Properties' }).first().click()
    await expect(page.getByRole('heading', { name: UNAVAILABLE })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/properties')
  } finally {
    await proxy.start()
  }
  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page).toHaveURL(`${server.url}/properties`)
  await expect(page.getByRole('heading', { name: 'Properties', exact: true })).toBeVisible()

  // A form posted during the outage: 503 on the POST itself, no redirect, nothing saved.
  await page.goto(`${server.url}/client/new`)
  await pageReady(page, javaScriptEnabled)
  const form = formWithButton(page, 'Add client')
  await conformFormReady(form, javaScriptEnabled)
  const notes = 'Wants a balcony facing the river; call after six.'
  await fillClientForm(form, { 'Full name': 'Typed During Outage', Tags: 'balcony, river', Notes: notes })
  await proxy.cut()
  try {
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
    await form.getByRole('button', { name: 'Add client' }).click()
    expect((await posted).status()).toBe(503)
    await expect(page.getByRole('heading', { name: javaScriptEnabled ? NOTHING_SAVED_IN_APP : NOTHING_SAVED })).toBeVisible()
    expect(page.url()).toBe(`${server.url}/client/new`)
  } finally {
    await proxy.start()
  }
  if (!javaScriptEnabled) {
    // Back, once the database answers: the form again, with what was typed. (Name, e-mail and
    // phone say autocomplete="off", so that the browser never fills in the broker's own details,
    // and browsers do not restore such fields.)
    await page.goBack()
    await expect(form.getByLabel('Notes', { exact: true })).toHaveValue(notes)
    await expect(form.getByLabel('Tags', { exact: true })).toHaveValue('balcony, river')
  }
  await page.goto(`${server.url}/clients`)
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible()
  await expect(page.getByText('Typed During Outage')).toHaveCount(0)
})
